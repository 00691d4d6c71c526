// What sanctions programme codes are about, in words: "SDNTK" means nothing to word vectors, "narcotics kingpin" does.

/**
 * OFAC programme tags (as in the SDN list and its tag legend) and EU, UN and UK regime short names. A code is
 * matched whole first, then by its prefix before the first dash (IRAN-EO13846 → IRAN), so new executive orders
 * of a known programme are covered.
 */
const PROGRAM_WORDS: Record<string, string> = {
  AFG: 'Afghanistan Taliban',
  'AL-QAIDA': 'Al-Qaida terrorism terrorist',
  BALKANS: 'Western Balkans war crimes Bosnia Serbia Kosovo',
  BELARUS: 'Belarus regime',
  BURMA: 'Burma Myanmar military junta',
  BURUNDI: 'Burundi violence',
  CAATSA: 'countering adversaries sanctions act',
  CAR: 'Central African Republic armed groups',
  CMIC: 'Chinese military companies',
  CUBA: 'Cuba Cuban government',
  CYBER: 'cyber attacks hacking malicious',
  CYBER2: 'cyber attacks hacking malicious',
  DARFUR: 'Darfur Sudan violence',
  DPRK: 'North Korea Korean regime weapons',
  DPRK2: 'North Korea Korean regime weapons',
  DPRK3: 'North Korea Korean regime weapons',
  DPRK4: 'North Korea Korean regime weapons',
  DRC: 'Democratic Republic of the Congo armed groups',
  DRCONGO: 'Democratic Republic of the Congo armed groups',
  ELECTION: 'foreign interference in elections',
  FSE: 'foreign sanctions evaders',
  FTO: 'foreign terrorist organization terrorism',
  GLOMAG: 'Global Magnitsky human rights abuse corruption',
  'GLOBAL HUMAN RIGHTS': 'human rights abuse',
  HIFPAA: 'Hizballah financing terrorism',
  HK: 'Hong Kong autonomy',
  HOSTAGES: 'hostage taking wrongful detention',
  HRIT: 'human rights abuse information technology surveillance',
  IFCA: 'Iran freedom counter-proliferation shipping energy',
  IFSR: 'Iran financial sanctions terrorism proliferation',
  IRAN: 'Iran Iranian regime',
  IRAQ: 'Iraq former regime Saddam Hussein',
  IRAQ2: 'Iraq former regime Saddam Hussein',
  IRAQ3: 'Iraq destabilising violence',
  IRGC: 'Islamic Revolutionary Guard Corps Iran military',
  IRN: 'Iran Iranian',
  ISA: 'Iran sanctions act energy',
  ISIL: 'Islamic State ISIL terrorism terrorist',
  LBY: 'Libya',
  LEBANON: 'Lebanon',
  LIBYA: 'Libya Qadhafi regime',
  LIBYA2: 'Libya Qadhafi regime',
  LIBYA3: 'Libya violence',
  MAGNIT: 'Magnitsky human rights abuse corruption Russia',
  MALI: 'Mali peace violence',
  NICARAGUA: 'Nicaragua Ortega government',
  'NS-PLC': 'Palestinian Legislative Council',
  NPWMD: 'weapons of mass destruction proliferation missiles nuclear',
  PEESA: 'Russian energy export pipelines',
  RUSSIA: 'Russia Russian economy',
  SDGT: 'specially designated global terrorist terrorism financing',
  SDNT: 'narcotics traffickers drug trafficking cocaine',
  SDNTK: 'narcotics kingpin drug trafficking cartel',
  SOMALIA: 'Somalia al-Shabaab',
  'SOUTH SUDAN': 'South Sudan armed conflict',
  SOUTHSUDAN: 'South Sudan armed conflict',
  SUDAN: 'Sudan',
  SYRIA: 'Syria Syrian regime Assad',
  TAQA: 'Taliban Al-Qaida terrorism',
  TALIBAN: 'Taliban Afghanistan',
  TCO: 'transnational criminal organization organised crime',
  TERR: 'terrorism',
  TERRORISM: 'terrorism terrorist',
  UKRAINE: 'Russia Ukraine Crimea annexation',
  VENEZUELA: 'Venezuela Maduro regime',
  YEMEN: 'Yemen Houthi',
  ZIMBABWE: 'Zimbabwe Mugabe ZANU-PF regime',
};

/** Words for a programme code; the code itself when it is not in the table (UK regime names are already words). */
export function programWords(program: string): string {
  const code = program.trim().toUpperCase();
  const known = PROGRAM_WORDS[code] ?? PROGRAM_WORDS[code.split(/[-\s]/)[0] ?? ''];
  return known === undefined ? program.replace(/[-_]/g, ' ') : `${known} ${program.replace(/[-_]/g, ' ')}`;
}
