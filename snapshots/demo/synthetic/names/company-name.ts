// Composes a company name in the register's own style: capitals in Britain and the offshore registers, the local
// language in Germany or France, a prefixed legal form in Russia, a town and a pinyin brand in China.
import type { CompanyJurisdiction } from '../jurisdictions.js';
import type { Rng } from '../random.js';
import {
  BUSINESS_NOUNS,
  DUTCH_SURNAMES,
  GB_NAME_EXTRAS,
  LOCAL_NOUNS,
  PINYIN_SYLLABLES,
  SYLLABLE_ENDINGS,
  SYLLABLES,
  type BusinessNoun,
} from './company-words.js';
import { legalForms, type LegalForm } from './legal-forms.js';
import { CN_NAMES, IN_NAMES, RU_NAMES } from './people-east.js';
import { DE_NAMES, ES_NAMES, FR_NAMES, GB_NAMES, PL_NAMES, PT_NAMES, US_NAMES } from './people-west.js';
import { GB_NAME_PLACES, GB_TOWNS, PLACES } from './places.js';

export interface CompanyName {
  readonly name: string;
  readonly form: LegalForm;
  /** The business noun behind the name, whichever language it was written in: drives the SIC codes. */
  readonly noun: BusinessNoun;
}

/** Registers that print names in capitals. */
const UPPER_CASE: ReadonlySet<CompanyJurisdiction> = new Set([
  'GB',
  'IE',
  'JE',
  'GG',
  'IM',
  'VG',
  'KY',
  'BS',
  'SC',
  'BZ',
  'MH',
  'PA',
  'CY',
  'HK',
  'SG',
]);

type Language = keyof typeof LOCAL_NOUNS;

const LANGUAGE: Partial<Record<CompanyJurisdiction, Language>> = {
  DE: 'de',
  CH: 'de',
  LI: 'de',
  FR: 'fr',
  LU: 'fr',
  PA: 'es',
  BR: 'pt',
  PL: 'pl',
  NL: 'nl',
  RU: 'ru',
};

const SURNAMES: Partial<Record<CompanyJurisdiction, readonly string[]>> = {
  GB: GB_NAMES.surnames,
  IE: GB_NAMES.surnames,
  JE: GB_NAMES.surnames,
  US: US_NAMES.surnames,
  DE: DE_NAMES.surnames,
  CH: DE_NAMES.surnames,
  LI: DE_NAMES.surnames,
  FR: FR_NAMES.surnames,
  LU: FR_NAMES.surnames,
  PA: ES_NAMES.surnames,
  BR: PT_NAMES.surnames,
  PL: PL_NAMES.surnames,
  NL: DUTCH_SURNAMES,
  IN: IN_NAMES.surnames,
  HK: CN_NAMES.surnames,
};

const HOLDING_NOUNS = BUSINESS_NOUNS.filter((n) =>
  ['Holdings', 'Capital', 'Investments', 'Ventures', 'Global'].includes(n.word),
);

const VOWELS = /[aeiouy]/;

/** Appends a syllable, redrawing a few times rather than stacking vowels (no "Iaaria"). */
function joinSyllable(rng: Rng, word: string, syllables: readonly string[]): string {
  let next = rng.pick(syllables);
  for (let tries = 0; tries < 4 && VOWELS.test(word.charAt(word.length - 1)) && VOWELS.test(next.charAt(0)); tries++) {
    next = rng.pick(syllables);
  }
  return word + next;
}

/** A pronounceable invented word: Velora, Quintex, Marnovia. */
export function coinedWord(rng: Rng): string {
  let word = rng.pick(SYLLABLES);
  if (rng.chance(0.45)) word = joinSyllable(rng, word, SYLLABLES);
  word = joinSyllable(rng, word, SYLLABLE_ENDINGS);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A Chinese brand name from two pinyin syllables: Huaxin, Jinlong. */
function pinyinBrand(rng: Rng): string {
  const first = rng.pick(PINYIN_SYLLABLES);
  return first.charAt(0).toUpperCase() + first.slice(1) + rng.pick(PINYIN_SYLLABLES);
}

function firstPart(rng: Rng, jurisdiction: CompanyJurisdiction): string {
  const r = rng.next();
  if (r < 0.3) {
    if (jurisdiction === 'GB') return rng.chance(0.5) ? rng.pick(GB_NAME_PLACES) : rng.pick(GB_TOWNS)[0];
    if (PLACES[jurisdiction].style !== 'agent') {
      // "Dublin 2" and "New York NY" name the town with a district or state: keep the town.
      const town = rng.pick(PLACES[jurisdiction].towns);
      return (town.split(',')[0] ?? town).replace(/\s+(?:\d+|[A-Z]{2})$/, '');
    }
  }
  const surnames = SURNAMES[jurisdiction];
  if (r < 0.55 && surnames !== undefined) return rng.pick(surnames);
  return coinedWord(rng);
}

export function companyName(rng: Rng, jurisdiction: CompanyJurisdiction, holding: boolean): CompanyName {
  const form = legalForms(jurisdiction).sample(rng);
  const noun = rng.pick(holding && rng.chance(0.7) ? HOLDING_NOUNS : BUSINESS_NOUNS);
  const language = LANGUAGE[jurisdiction];
  let body: string;
  if (jurisdiction === 'RU') {
    const word = rng.chance(0.6) ? coinedWord(rng) : rng.pick(RU_NAMES.surnames);
    body = `${word}${rng.pick(LOCAL_NOUNS.ru)}`;
  } else if (jurisdiction === 'CN' || ((jurisdiction === 'HK' || jurisdiction === 'SG') && rng.chance(0.35))) {
    const town = jurisdiction === 'CN' ? `${rng.pick(PLACES.CN.towns)} ` : '';
    body = `${town}${pinyinBrand(rng)} ${noun.word}`;
  } else {
    const word = language !== undefined && rng.chance(0.6) ? rng.pick(LOCAL_NOUNS[language]) : noun.word;
    body = `${firstPart(rng, jurisdiction)} ${word}`;
    if (rng.chance(0.12)) {
      const second = rng.pick(BUSINESS_NOUNS).word;
      if (second !== word) body += ` ${second}`;
    }
    if (jurisdiction === 'GB' && rng.chance(0.07)) body += ` ${rng.pick(GB_NAME_EXTRAS)}`;
  }
  const name = form.prefix === true ? `${form.suffix} ${body}` : `${body} ${form.suffix}`;
  return { name: UPPER_CASE.has(jurisdiction) ? name.toUpperCase() : name, form, noun };
}
