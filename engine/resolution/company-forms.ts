// Which legal forms are taken out of a company's name: forms spelled out in words, and short abbreviations that
// are no word of names.

/** A legal form spelled out in words (Aktsionernoe obshchestvo): no name's own words, whatever the name names. */
export const spelledOut = (phrase: string): boolean => phrase.includes(' ');
/** The longest one-word form taken from a company's name: abbreviations (AO, OOO, GmbH, Sdn), not words. */
const ABBREVIATED_FORM = 5;
/** Short one-word forms somewhere that are also words of names (Bank Hapoalim, Fund II, Firma Kowalski). */
const NAME_WORDS: ReadonlySet<string> = new Set([
  'bank',
  'fund',
  'fond',
  'fonds',
  'fondo',
  'fundo',
  'firma',
  'trust',
  'ente',
  'bund',
  'kraj',
  'obec',
  'other',
  'reit',
]);
/** The forms taken out of a company's name: spelled out, or an abbreviation that is no word of names. */
export const companyForm = (phrase: string): boolean =>
  spelledOut(phrase) || (phrase.length <= ABBREVIATED_FORM && !NAME_WORDS.has(phrase));

/** The forms taken out of a name written in another script: all but the words of names, whatever their length. */
export const nativeCompanyForm = (phrase: string): boolean => spelledOut(phrase) || !NAME_WORDS.has(phrase);
