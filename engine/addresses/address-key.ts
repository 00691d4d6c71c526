// A comparison key for postal addresses, so that one registered address written two ways counts once.
import { foldToAscii } from '../names/transliterate.js';

/** Common words written in several ways in registry addresses; mapped to one form each. */
const WORDS: Record<string, string> = {
  st: 'street',
  str: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  sq: 'square',
  ct: 'court',
  ste: 'suite',
  fl: 'floor',
  flr: 'floor',
  bldg: 'building',
  hse: 'house',
};

/** Country names registries append or leave off at will. */
const TRAILING_COUNTRIES = [['united', 'kingdom'], ['uk'], ['gb'], ['england'], ['great', 'britain']];

/**
 * Folds case, accents and punctuation, expands a few abbreviations and drops a trailing country, so that
 * `Suite 4B, 88 Fenwick Row, London EC2A 4LT` and `SUITE 4B 88 FENWICK ROW LONDON EC2A 4LT, UK` meet. Returns null
 * for text too short to stand for a place.
 */
export function addressKey(address: string): string | null {
  const tokens = foldToAscii(address)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((t) => WORDS[t] ?? t)
    .filter((t) => t !== '');
  for (const country of TRAILING_COUNTRIES) {
    if (tokens.length > country.length && country.every((w, i) => tokens[tokens.length - country.length + i] === w))
      tokens.length -= country.length;
  }
  if (tokens.length < 2) return null;
  return tokens.join(' ');
}
