// Composes a person's name the way each culture builds one (patronymics, two surnames, feminine forms), as
// registers print it: given names, then the surname in capitals.
import type { Rng } from '../random.js';
import type { NameCulture } from './list.js';
import {
  AR_NAMES,
  CN_NAMES,
  GR_NAMES,
  IN_NAMES,
  NG_NAMES,
  RU_NAMES,
  RU_PATRONYMICS,
  TR_NAMES,
  UA_NAMES,
} from './people-east.js';
import { DE_NAMES, ES_NAMES, FR_NAMES, GB_NAMES, IT_NAMES, PL_NAMES, PT_NAMES, US_NAMES } from './people-west.js';

export const CULTURES = {
  gb: GB_NAMES,
  us: US_NAMES,
  de: DE_NAMES,
  fr: FR_NAMES,
  es: ES_NAMES,
  it: IT_NAMES,
  pt: PT_NAMES,
  pl: PL_NAMES,
  ru: RU_NAMES,
  ua: UA_NAMES,
  cn: CN_NAMES,
  in: IN_NAMES,
  ar: AR_NAMES,
  gr: GR_NAMES,
  ng: NG_NAMES,
  tr: TR_NAMES,
} as const satisfies Record<string, NameCulture>;
export type CultureKey = keyof typeof CULTURES;

/** Chance of a second given name, by culture (US middle names are the norm; Chinese registrations have none). */
const MIDDLE_NAME_RATE: Readonly<Record<CultureKey, number>> = {
  gb: 0.45,
  us: 0.55,
  de: 0.2,
  fr: 0.2,
  es: 0,
  it: 0.1,
  pt: 0.45,
  pl: 0.1,
  ru: 0,
  ua: 0.1,
  cn: 0,
  in: 0.15,
  ar: 0,
  gr: 0.05,
  ng: 0.45,
  tr: 0.1,
};

export interface PersonName {
  /** Given names, mixed case: `Arkady Sergeyevich`. */
  readonly given: string;
  /** Surname(s) in capitals: `VOLKHONSKY`. */
  readonly surname: string;
}

export function fullName(name: PersonName): string {
  return `${name.given} ${name.surname}`;
}

/** The list form sanctions lists use: `VOLKHONSKY, Arkady Sergeyevich`. */
export function listName(name: PersonName): string {
  return `${name.surname}, ${name.given}`;
}

export function personName(rng: Rng, culture: CultureKey): PersonName {
  const names = CULTURES[culture];
  const female = rng.chance(0.5);
  const givenList = female ? names.female : names.male;
  let given = rng.pick(givenList);
  if (rng.chance(MIDDLE_NAME_RATE[culture])) {
    const middle = rng.pick(givenList);
    if (middle !== given) given = `${given} ${middle}`;
  }
  let surname = rng.pick(names.surnames);
  switch (culture) {
    case 'ru': {
      const patronymic = rng.pick(RU_PATRONYMICS);
      given = `${given} ${female ? patronymic.replace(/ich$/, 'na') : patronymic}`;
      if (female) surname = feminineSlavic(surname);
      break;
    }
    case 'ua':
    case 'pl':
      if (female) surname = feminineSlavic(surname);
      break;
    case 'gr':
      if (female) surname = feminineGreek(surname);
      break;
    case 'es':
    case 'pt':
      // Spanish and Portuguese names carry both parents' surnames; registers often keep only one.
      if (rng.chance(culture === 'es' ? 0.75 : 0.5)) {
        const second = rng.pick(names.surnames);
        if (second !== surname) surname = `${surname} ${second}`;
      }
      break;
    case 'ar':
      // Given name, father's given name, family name: Mohammed Abdullah AL-MANSOURI.
      if (rng.chance(0.7)) given = `${given} ${rng.pick(names.male)}`;
      break;
    default:
      break;
  }
  return { given, surname: surname.toUpperCase() };
}

function feminineSlavic(surname: string): string {
  if (/(?:ski|cki|dzki)$/.test(surname)) return `${surname.slice(0, -1)}a`; // Kowalski → Kowalska
  if (surname.endsWith('skiy') || surname.endsWith('skyi'))
    return `${surname.slice(0, -4)}ska${surname.endsWith('skiy') ? 'ya' : ''}`;
  if (surname.endsWith('oy')) return `${surname.slice(0, -2)}aya`; // Tolstoy → Tolstaya
  if (/(?:ov|ev|yov|in|yn)$/.test(surname)) return `${surname}a`; // Ivanov → Ivanova, Voloshyn → Voloshyna
  return surname; // -enko, -uk, -ak: the same for both
}

function feminineGreek(surname: string): string {
  if (surname.endsWith('os')) return `${surname.slice(0, -2)}ou`; // Papadopoulos → Papadopoulou
  if (surname.endsWith('akis')) return surname.slice(0, -1); // Papadakis → Papadaki
  if (surname.endsWith('idis') || surname.endsWith('ides')) return `${surname.slice(0, -2)}ou`; // Nikolaidis → Nikolaidou
  if (surname.endsWith('as')) return surname.slice(0, -1); // Pappas → Pappa
  if (surname.endsWith('is')) return surname.slice(0, -1);
  return surname; // genitive surnames (Georgiou) are the same for both
}
