// The shortenings clerks and registries write for the common words of company names, in the languages of the lists:
// "Intl" is International, "F.lli" is Fratelli, "Ind. e Com." is Indústria e Comércio. A listed shortening is the
// word itself, where an unlisted one that keeps the word's letters in order is only likely to be (word-agreement.ts).

/** Shortening → the words it stands for, as folded (accents off, dots gone: "F.lli" is "flli"). */
const SHORTENINGS: Readonly<Record<string, readonly string[]>> = {
  intl: ['international', 'internacional', 'internationale', 'internazionale'],
  mfg: ['manufacturing'],
  mfrs: ['manufacturers'],
  mfr: ['manufacturer'],
  bros: ['brothers'],
  svcs: ['services'],
  svc: ['service', 'services'],
  srvs: ['services'],
  flli: ['fratelli'],
  hnos: ['hermanos'],
  gebr: ['gebruder', 'gebrueder'],
  ind: ['industria', 'industrial', 'industries', 'industry', 'industrie', 'industrias'],
  inds: ['industries'],
  com: ['comercio', 'commercial', 'commerce', 'comercial', 'commerciale'],
  coml: ['commercial'],
  corp: ['corporation'],
  assoc: ['association', 'associates', 'associated'],
  assn: ['association'],
  mgmt: ['management'],
  org: ['organisation', 'organization'],
  orgn: ['organisation', 'organization'],
  fdn: ['foundation'],
  fndn: ['foundation'],
  mgt: ['management'],
  dev: ['development'],
  devt: ['development'],
  eng: ['engineering'],
  engg: ['engineering'],
  tech: ['technology', 'technologies', 'technical'],
  natl: ['national'],
  grp: ['group'],
  hldg: ['holding'],
  hldgs: ['holdings'],
  invt: ['investment'],
  invts: ['investments'],
  inv: ['investment', 'investments'],
  shpg: ['shipping'],
  trdg: ['trading'],
  mktg: ['marketing'],
  dist: ['distribution', 'distributors'],
  distr: ['distribution'],
  pharm: ['pharmaceutical', 'pharmaceuticals'],
  chem: ['chemical', 'chemicals'],
  elec: ['electric', 'electrical', 'electronics'],
  const: ['construction'],
  constr: ['construction'],
  transp: ['transport', 'transportation'],
  gen: ['general'],
  amer: ['american'],
  fin: ['finance', 'financial'],
  ins: ['insurance'],
  props: ['properties'],
  ent: ['enterprises', 'enterprise'],
  ents: ['enterprises'],
  cia: ['compania', 'companhia'],
  cie: ['compagnie'],
  soc: ['societe', 'society', 'sociedad', 'societa'],
  sdad: ['sociedad'],
  ges: ['gesellschaft'],
  mij: ['maatschappij'],
  univ: ['university'],
  inst: ['institute', 'institution'],
  dept: ['department'],
  ctr: ['center', 'centre'],
  petrochem: ['petrochemical', 'petrochemicals'],
  equip: ['equipment'],
  prod: ['products', 'production'],
  prods: ['products'],
  sys: ['systems'],
  telecom: ['telecommunications'],
  nav: ['navigation'],
  imp: ['import', 'importing', 'importers'],
  exp: ['export', 'exporting', 'exporters'],
  mach: ['machinery'],
  mfrg: ['manufacturing'],
};

/** Each shortening → the words it stands for, and each of those words → its shortenings. */
const COUNTERPARTS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const out = new Map<string, Set<string>>();
  const link = (x: string, y: string): void => {
    const set = out.get(x) ?? new Set<string>();
    set.add(y);
    out.set(x, set);
  };
  for (const [short, words] of Object.entries(SHORTENINGS))
    for (const word of words) {
      link(short, word);
      link(word, short);
    }
  return out;
})();

/** Whether one of two folded words is a listed shortening of the other. */
export function isListedShortening(a: string, b: string): boolean {
  return COUNTERPARTS.get(a)?.has(b) ?? false;
}
