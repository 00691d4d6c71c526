// Legal-form words (Ltd, GmbH, OOO, …) and stop words: split off a name's core so they neither dominate ranking nor cost latency.

interface LegalFormSpec {
  /** Canonical code; only true equivalents share one (limited = ltd, but ooo ≠ llc: different legal systems). */
  readonly code: string;
  /** Folded phrases recognised in the trailing run of a name, where legal forms conventionally sit. */
  readonly phrases: readonly string[];
  /** Also recognised as the leading words (OOO Romashka, PT Bank …); those of several words also at the end. */
  readonly start?: readonly string[];
  /** Recognised at the start only when the name is written in Cyrillic: in Latin script they are names (Pat, Too). */
  readonly cyrillicStart?: readonly string[];
  /** Single tokens distinctive enough to strip wherever they stand (Acme Ltd (in liquidation)). */
  readonly anywhere?: readonly string[];
}

/**
 * Phrases are written as foldToAscii leaves them: dots vanish (L.L.C. → llc, S.à r.l. → sa rl), other
 * punctuation splits (A/S → a s, GmbH & Co. KG → gmbh co kg). Two-letter abbreviations are end-only because
 * as leading words they are usually initials (A.O. Smith, P.T. Barnum); AB and AO are the accepted exceptions.
 */
const FORMS: readonly LegalFormSpec[] = [
  // United Kingdom (and the Commonwealth, which shares the words); Welsh forms are legal equivalents.
  {
    code: 'ltd',
    phrases: [
      'limited',
      'ltd',
      'l t d',
      'co ltd',
      'co limited',
      'company limited',
      'limited company',
      'ltd co',
      'cyf',
      'cyfyngedig',
      'ltd sti',
      'limited sirketi',
    ],
    anywhere: ['ltd'],
  },
  {
    code: 'plc',
    phrases: ['plc', 'p l c', 'public limited company', 'ccc', 'cwmni cyfyngedig cyhoeddus'],
    anywhere: ['plc'],
  },
  { code: 'llp', phrases: ['llp', 'l l p', 'limited liability partnership'], anywhere: ['llp'] },
  { code: 'lp', phrases: ['lp', 'limited partnership'] },
  { code: 'cic', phrases: ['cic', 'community interest company'] },
  { code: 'cio', phrases: ['cio', 'charitable incorporated organisation', 'charitable incorporated organization'] },
  // United States.
  {
    code: 'llc',
    phrases: ['llc', 'l l c', 'limited liability co', 'ltd liability co'],
    start: ['limited liability company'],
    anywhere: ['llc'],
  },
  { code: 'inc', phrases: ['inc', 'incorporated'], anywhere: ['inc'] },
  { code: 'corp', phrases: ['corp', 'corporation'] },
  // A credit union chartered under the Federal Credit Union Act (the states' own are "credit union", as in the ELF list).
  { code: 'fcu', phrases: ['fcu', 'federal credit union'] },
  // Sherkat (Persian) and sharika (Arabic), "company", as their letters fold: only names in Arabic script hold them.
  { code: 'co', phrases: ['co', 'company', 'cie', 'cia', 'shrkt', 'shrkh'], start: ['shrkt', 'shrkh'] },
  { code: 'pc', phrases: ['pc', 'professional corporation'] },
  { code: 'pllc', phrases: ['professional limited liability company'], anywhere: ['pllc'] },
  { code: 'lllp', phrases: ['limited liability limited partnership'], anywhere: ['lllp'] },
  // Germany, Austria, Switzerland.
  {
    code: 'gmbh',
    phrases: ['g m b h', 'gesmbh', 'ges m b h', 'gesellschaft mbh', 'gesellschaft mit beschrankter haftung'],
    anywhere: ['gmbh'],
  },
  { code: 'gmbh-co-kg', phrases: ['gmbh co kg', 'gmbh und co kg', 'gmbh cie kg'] },
  { code: 'ag-co-kg', phrases: ['ag co kg', 'ag und co kg'] },
  { code: 'ag', phrases: ['ag', 'aktiengesellschaft'] },
  { code: 'kg', phrases: ['kg', 'kommanditgesellschaft'] },
  { code: 'kgaa', phrases: ['kommanditgesellschaft auf aktien'], anywhere: ['kgaa'] },
  {
    code: 'ug',
    phrases: ['ug', 'ug haftungsbeschrankt', 'unternehmergesellschaft', 'unternehmergesellschaft haftungsbeschrankt'],
  },
  { code: 'se', phrases: ['se', 'societas europaea'] },
  { code: 'ohg', phrases: ['ohg', 'offene handelsgesellschaft'] },
  { code: 'ev', phrases: ['ev', 'eingetragener verein'] },
  // France, Belgium, Luxembourg, Switzerland; Spain, Portugal, Latin America; Italy; Romania.
  {
    code: 'sa',
    phrases: [
      'sa',
      's a',
      'societe anonyme',
      'sociedad anonima',
      'sociedade anonima',
      'spolka akcyjna',
      'societa anonima',
    ],
  },
  { code: 'sas', phrases: ['sas', 's a s', 'societe par actions simplifiee', 'sociedad por acciones simplificada'] },
  { code: 'sasu', phrases: ['societe par actions simplifiee unipersonnelle'], anywhere: ['sasu'] },
  { code: 'sarl', phrases: ['sa rl', 's a r l', 'societe a responsabilite limitee'], anywhere: ['sarl'] },
  { code: 'eurl', phrases: ['entreprise unipersonnelle a responsabilite limitee'], anywhere: ['eurl'] },
  { code: 'sci', phrases: ['sci', 'societe civile immobiliere'] },
  { code: 'snc', phrases: ['snc', 'societe en nom collectif', 'societa in nome collettivo'] },
  { code: 'sl', phrases: ['sl', 's l', 'sociedad limitada'] },
  { code: 'slu', phrases: ['slu', 'sociedad limitada unipersonal'] },
  {
    code: 'srl',
    phrases: [
      'srl',
      's r l',
      's de rl',
      'societa a responsabilita limitata',
      'sociedad de responsabilidad limitada',
      'societate cu raspundere limitata',
    ],
  },
  { code: 'ltda', phrases: ['limitada', 'cia ltda'], anywhere: ['ltda'] },
  { code: 'sa-de-cv', phrases: ['sa de cv', 's a de c v', 'sociedad anonima de capital variable'] },
  { code: 'srl-de-cv', phrases: ['s de rl de cv', 'srl de cv'] },
  { code: 'spa', phrases: ['spa', 's p a', 'societa per azioni'] },
  { code: 'sapa', phrases: ['sapa', 'societa in accomandita per azioni'] },
  // Netherlands and Belgium.
  { code: 'bv', phrases: ['bv', 'besloten vennootschap'] },
  { code: 'nv', phrases: ['nv', 'naamloze vennootschap'] },
  { code: 'vof', phrases: ['vof', 'vennootschap onder firma'] },
  { code: 'bvba', phrases: ['besloten vennootschap met beperkte aansprakelijkheid'], anywhere: ['bvba'] },
  { code: 'cv', phrases: ['cv', 'commanditaire vennootschap'] },
  // Nordic and Baltic countries; Czechia, Slovakia, the Balkans, Hungary, Turkey (A.Ş. folds to as).
  { code: 'ab', phrases: ['ab', 'ab publ', 'aktiebolag', 'aktiebolaget'], start: ['ab'] },
  {
    code: 'as',
    phrases: ['as', 'a s', 'aksjeselskap', 'aktieselskab', 'aktsiaselts', 'akciova spolecnost', 'anonim sirketi'],
  },
  { code: 'asa', phrases: ['asa', 'allmennaksjeselskap'] },
  { code: 'oy', phrases: ['oy', 'osakeyhtio'] },
  { code: 'oyj', phrases: ['julkinen osakeyhtio'], anywhere: ['oyj'] },
  { code: 'aps', phrases: ['anpartsselskab'], anywhere: ['aps'] },
  { code: 'ehf', phrases: ['ehf', 'einkahlutafelag'] },
  { code: 'ou', phrases: ['ou', 'osauhing'] },
  { code: 'uab', phrases: ['uab', 'uzdaroji akcine bendrove'] },
  { code: 'sia', phrases: ['sia', 'sabiedriba ar ierobezotu atbildibu'] },
  { code: 'sro', phrases: ['sro', 'spol s r o', 'spolecnost s rucenim omezenym', 'spolocnost s rucenim obmedzenym'] },
  { code: 'doo', phrases: ['doo', 'd o o', 'drustvo s ogranicenom odgovornoscu'] },
  { code: 'dd', phrases: ['dd', 'dionicko drustvo'] },
  { code: 'kft', phrases: ['kft', 'korlatolt felelossegu tarsasag'] },
  { code: 'zrt', phrases: ['zrt', 'nyrt'] },
  // Poland.
  {
    code: 'sp-z-oo',
    phrases: ['sp z oo', 'sp zoo', 'spzoo', 'sp z o o', 'spolka z oo', 'spolka z ograniczona odpowiedzialnoscia'],
  },
  { code: 'sp-k', phrases: ['sp k', 'spolka komandytowa'] },
  // Russia, Ukraine, Kazakhstan and the CIS, as transliterated by transliterate.ts, plus the English renderings.
  { code: 'ooo', phrases: [], start: ['obshchestvo s ogranichennoy otvetstvennostyu'], anywhere: ['ooo'] },
  { code: 'oao', phrases: [], start: ['otkrytoe aktsionernoe obshchestvo'], anywhere: ['oao'] },
  { code: 'zao', phrases: [], start: ['zakrytoe aktsionernoe obshchestvo'], anywhere: ['zao'] },
  { code: 'pao', phrases: [], start: ['publichnoe aktsionernoe obshchestvo'], anywhere: ['pao'] },
  { code: 'ao', phrases: [], start: ['ao', 'aktsionernoe obshchestvo'] },
  { code: 'pjsc', phrases: [], start: ['public joint stock company'], anywhere: ['pjsc'] },
  { code: 'ojsc', phrases: [], start: ['open joint stock company'], anywhere: ['ojsc'] },
  { code: 'cjsc', phrases: [], start: ['closed joint stock company'], anywhere: ['cjsc'] },
  { code: 'jsc', phrases: [], start: ['joint stock company'], anywhere: ['jsc'] },
  {
    code: 'tov',
    phrases: [],
    start: ['tovaristvo z obmezhenoyu vidpovidalnistyu', 'tovarystvo z obmezhenoiu vidpovidalnistiu'],
    cyrillicStart: ['tov'],
  },
  { code: 'pat', phrases: [], start: ['publichne aktsionerne tovaristvo'], cyrillicStart: ['pat'] },
  { code: 'prat', phrases: [], start: ['privatne aktsionerne tovaristvo'], cyrillicStart: ['prat'] },
  { code: 'too', phrases: [], start: ['tovarishchestvo s ogranichennoy otvetstvennostyu'], cyrillicStart: ['too'] },
  // Cyprus and Greece (ΑΕ, ΕΠΕ, ΙΚΕ fold to ae, epe, ike).
  { code: 'ae', phrases: ['ae', 'anonymi etaireia'] },
  { code: 'epe', phrases: ['epe', 'etaireia periorismenis eythynis'] },
  { code: 'ike', phrases: ['ike', 'idiotiki kefalaiouchiki etaireia'] },
  // Asia: Singapore and India share "private limited"; Japan; Malaysia; Indonesia; Thailand.
  {
    code: 'pvt-ltd',
    phrases: [
      'pte ltd',
      'pvt ltd',
      'pte limited',
      'pvt limited',
      'private limited',
      'private ltd',
      'private limited company',
    ],
  },
  { code: 'kk', phrases: ['kk', 'kabushikigaisha', 'kabushiki gaisha'], start: ['kabushiki kaisha'] },
  { code: 'gk', phrases: ['godo kaisha', 'godogaisha'] },
  { code: 'bhd', phrases: ['berhad'], anywhere: ['bhd'] },
  { code: 'sdn-bhd', phrases: ['sdn bhd', 'sendirian berhad'] },
  { code: 'tbk', phrases: ['tbk', 'terbuka'] },
  { code: 'persero', phrases: ['persero'] },
  { code: 'pt', phrases: ['perseroan terbatas'], start: ['pt'] },
  { code: 'pcl', phrases: ['pcl', 'public company limited'] },
  // Middle East.
  { code: 'fze', phrases: ['free zone establishment'], anywhere: ['fze'] },
  { code: 'fzco', phrases: ['fzc', 'free zone company'], anywhere: ['fzco'] },
  { code: 'fz-llc', phrases: ['fz llc', 'fzllc'] },
  { code: 'wll', phrases: ['wll', 'w l l', 'with limited liability'] },
  { code: 'psc', phrases: ['psc', 'public shareholding company'] },
];

/**
 * Dropped from the core: they carry no identity and sit in huge posting lists. Kept when a name has nothing else
 * (a company called "The De" still needs a core). Particles that do identify (van, von, al, bin) stay.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'the',
  'of',
  'and',
  'for',
  'de',
  'la',
  'le',
  'les',
  'du',
  'des',
  'der',
  'die',
  'und',
  'y',
  'et',
  'el',
  'los',
  'las',
  'del',
  'di',
  'da',
  'do',
  'dos',
]);

interface TrieNode {
  code: string | undefined;
  cyrillicOnly: boolean;
  readonly next: Map<string, TrieNode>;
}

const newNode = (): TrieNode => ({ code: undefined, cyrillicOnly: false, next: new Map() });

/** Adds a phrase; `reversed` builds the trie read from the last word backwards (for trailing forms). */
function addPhrase(root: TrieNode, phrase: string, code: string, reversed: boolean, cyrillicOnly: boolean): void {
  const words = phrase.split(' ');
  if (reversed) words.reverse();
  let node = root;
  for (const word of words) {
    let child = node.next.get(word);
    if (child === undefined) {
      child = newNode();
      node.next.set(word, child);
    }
    node = child;
  }
  if (node.code !== undefined && node.code !== code)
    throw new Error(`legal-forms: "${phrase}" maps to both ${node.code} and ${code}`);
  // A phrase listed for plain start wins over the same phrase listed as Cyrillic-only.
  node.cyrillicOnly = node.code === undefined ? cyrillicOnly : node.cyrillicOnly && cyrillicOnly;
  node.code = code;
}

const END_TRIE = newNode();
const START_TRIE = newNode();
const ANYWHERE = new Map<string, string>();
for (const form of FORMS) {
  const anywhere = form.anywhere ?? [];
  const start = form.start ?? [];
  // Spelled-out leading forms also close names (Toyota Jidosha Kabushiki Kaisha); lone leading abbreviations
  // (AO, PT) do not, as trailing words they are mostly parts of person names.
  const startAtEnd = start.filter((phrase) => phrase.includes(' '));
  for (const phrase of [...form.phrases, ...startAtEnd, ...anywhere])
    addPhrase(END_TRIE, phrase, form.code, true, false);
  for (const phrase of [...start, ...anywhere]) addPhrase(START_TRIE, phrase, form.code, false, false);
  for (const phrase of form.cyrillicStart ?? []) addPhrase(START_TRIE, phrase, form.code, false, true);
  for (const token of anywhere) ANYWHERE.set(token, form.code);
}

/** Every canonical code (for tests, docs and the index's facet list). */
export const LEGAL_FORM_CODES: readonly string[] = [...new Set(FORMS.map((f) => f.code))];

function hasCyrillic(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 0x400 && code <= 0x52f) return true;
  }
  return false;
}

export interface LegalSplit {
  /** Tokens outside any legal-form phrase, in name order. */
  core: string[];
  /** Canonical codes in name order, without duplicates. */
  legal: string[];
}

const pushUnique = (list: string[], code: string): void => {
  if (!list.includes(code)) list.push(code);
};

/**
 * Splits folded tokens into core and legal forms: trailing phrases first (longest match, repeated so that
 * "AB (publ)" or "Co., Ltd." stacks come off whole), then leading forms, then distinctive tokens anywhere.
 * `raw` is the unfolded name, consulted only for Cyrillic-only abbreviations.
 */
export function splitLegalForms(tokens: readonly string[], raw: string): LegalSplit {
  let end = tokens.length;
  const trailing: string[] = [];
  while (end > 0) {
    let node: TrieNode | undefined = END_TRIE;
    let matched = 0;
    let code: string | undefined;
    for (let i = end - 1; i >= 0 && node !== undefined; i--) {
      node = node.next.get(tokens[i] ?? '');
      if (node?.code !== undefined) {
        matched = end - i;
        code = node.code;
      }
    }
    if (code === undefined) break;
    trailing.push(code);
    end -= matched;
  }

  const legal: string[] = [];
  let start = 0;
  let cyrillic: boolean | undefined;
  while (start < end) {
    let node: TrieNode | undefined = START_TRIE;
    let matched = 0;
    let code: string | undefined;
    for (let i = start; i < end && node !== undefined; i++) {
      node = node.next.get(tokens[i] ?? '');
      if (node?.code !== undefined && (!node.cyrillicOnly || (cyrillic ??= hasCyrillic(raw)))) {
        matched = i + 1 - start;
        code = node.code;
      }
    }
    if (code === undefined) break;
    pushUnique(legal, code);
    start += matched;
  }

  const core: string[] = [];
  for (let i = start; i < end; i++) {
    const token = tokens[i] ?? '';
    const code = ANYWHERE.get(token);
    if (code === undefined) core.push(token);
    else pushUnique(legal, code);
  }
  for (let i = trailing.length - 1; i >= 0; i--) pushUnique(legal, trailing[i] ?? '');
  return { core, legal };
}
