// What lists and messages write into a name beside the name itself: another name it went by ("ex-", "f/k/a"), its
// acronym in parentheses, other names set apart by semicolons, a branch, an address, a flag or a country set off
// after it, a field label or a "c/o" before it. The scorer compares each name these yield, as well as the name as
// written.
import { foldToAscii, hasNonLatinLetters, splitLegalFormFacts } from '../names/index.js';
import { countryCode, countryFromCode, mayEndCountryName } from '../sources/countries.js';
import { companyForm } from './company-forms.js';
import type { SubjectKind } from './subject-kind.js';

/** One name a written name yields, and what it is. */
export interface NameWithin {
  name: string;
  /**
   * How it came out of the written name: an earlier or other name, an acronym, the name without its branch, without
   * the place (address, country, flag) set off after it, or without the label or "care of" written before it.
   */
  from: 'alias' | 'acronym' | 'branch' | 'place' | 'label';
}

/**
 * Markers after which a written name gives another name of the same entity: OCEAN STAR (ex SEA WIND), ex-SEA WIND,
 * f/k/a, a.k.a., formerly, and the name it trades under (t/a, d/b/a, trading as). A bare "ex" or "aka" is also a
 * word of names (Ex Libris, Aka Trading), so only these.
 */
const ALIAS_MARKER =
  /\s*(?:\(\s*ex\s+|\bex[-.]\s*|\b(?:[fan][/.]k[/.]a\b\.?|formerly\b|also known as\b|[td]\/a\b|d\/b\/a\b|d\.b\.a\.?|dba\b|trading as\b|doing business as\b)\s*)/i;
/** A parenthesised single word: perhaps an acronym (NAFTIRAN INTERTRADE CO. (NICO) LIMITED). */
const PARENTHESISED_WORD = /\(([\p{L}][\p{L}.\-&]{1,11})\)/u;
/** A branch set off after the name: ": BOSNIA BRANCH", "(BRANCH LOCATED IN …)", ", DUBAI BRANCH". */
const BRANCH_SET_OFF = /\s*[:,(]\s*[^:,(]*\bbranch\b.*$/i;
/** A branch closing the name: "… LLC SHARJAH BRANCH", "… NEW DELHI BRANCH". */
const BRANCH_LAST = /\s+branch\s*$/i;
/** Words of a place a closing branch may name before it. */
const BRANCH_PLACE_WORDS = 2;

/**
 * Names given as a list in one field, set apart by semicolons, some in parentheses: MOHAMMAD ISLAMI; MOHAMED
 * ISLAMI, or حاجى مالك نورزى (Hajji Malik Noorzai; Haji Malek Noorzai).
 */
const LIST_SEPARATOR = /[;()]/;
/** A part of such a list that says what a name is, not a name. */
const LIST_NOTE = /^(?:original script|original|native script)$/i;
/**
 * One parenthesised part of a name, closing it: "نصار الشريعة (Ansar al Charia)", "PARTIDO COMUNISTA DEL PERU
 * (COMMUNIST PARTY OF PERU)".
 */
const PARENTHESISED_CLOSING = /^([^()]+)\(([^()]+)\)\s*$/;
/** Words a parenthesised part needs to be read as a name of its own when both parts are in one script. */
const PARENTHESISED_NAME_WORDS = 2;
/** A one-word part shorter than this is an acronym or an initial, not a name of its own. */
const LIST_WORD_MIN = 4;

/**
 * A field label before the name, as payment messages and forms carry it into a screened name: a SWIFT tag (:59:,
 * :50K:), a structured field's name line (1/), /NAME/, or a label and a colon (Beneficiary:, Account name:, Vessel name =).
 */
const FIELD_LABEL = new RegExp(
  '^\\s*(?::\\d{2}[a-z]?:|1/(?=[a-z])|/(?:name|nm)/|(?:(?:beneficiary|ordering|remitter|payee|payer|creditor|' +
    'debtor|applicant|consignee|consignor|shipper|notify|account|customer|client|company|vessel|ship|owner|sender|' +
    'receiver|party|entity|holder|counterparty)(?:\\s+(?:name|customer|party|holder|institution|bank))?|full name|' +
    'name)\\s*[:=]\\s*)',
  'i',
);
/**
 * "Care of": the name before it is the entity's; after a "c/o" (or an "FAO", "Attn") that opens the text, the name of
 * the one cared for.
 */
const CARE_OF = /\s+c\s*\/\s*o\.?\s+/i;
const CARE_OF_FIRST = /^\s*(?:c\s*\/\s*o\.?|fao|attn\.?:?|for the attention of)\s+/i;
/** "Messrs", as India and Pakistan write before a firm's name: "M/s. Garnish Paints Pvt Ltd". */
const MESSRS_FIRST = /^\s*(?:m\s*\/\s*s\.?|messrs\.?)\s+(?=\S)/i;
/** An account written before the name on a field's first line: ":59:/DE89370400440532013000 ACME LLC". */
const ACCOUNT_FIRST = /^\s*\/[a-z0-9]{4,34}\s+(?=\p{L})/iu;
/** An account written after the name: "ACME LLC ACCT 12345678", "ACME LLC, A/C No. 0123-456", "ACME LLC IBAN …". */
const ACCOUNT_AFTER =
  /[\s,;]+(?:acct|a\/c|account|iban)(?:\s*(?:no\.?|number|#))?\s*[:#]?\s*[a-z]{0,2}[0-9][0-9 -]{3,}\s*$/i;
/** A ship's (or a company's) IMO number written into its name: "OCEAN STAR IMO 9123456", "OCEAN STAR (IMO 9123456)". */
const IMO_NUMBER = /\s*\(?\s*\bimo\s*(?:no\.?|number)?\s*[:#]?\s*\d{7}\s*\)?/i;
/** A structured field's numbered lines run into one: "1/ACME LLC 2/12 MAIN STREET 3/AE/DUBAI"; the name is line 1. */
const NEXT_NUMBERED_LINE = /\s+[2-8]\//;
/** A vessel's former name after a bare "ex" between two names: OCEAN STAR EX SEA WIND. */
const VESSEL_EX = /\s+ex\s+(?=\S)/i;
/** Words of an address: a part set off after a name holding one (and a number or a country) is where the entity is. */
const ADDRESS_WORD =
  /\b(?:street|st|str|strasse|road|rd|avenue|ave|av|boulevard|blvd|lane|floor|fl|building|bldg|suite|tower|block|plot|p\s*o\s*box|box|district|province|city|zone|ulitsa|ul|calle|rue|via)\b/i;
/** A ship's flag, as lists note it: "(Panama flag)", ", flag: Panama", "Panama-flagged". */
const FLAG = /\bflag(?:ged)?\b/i;
/** Parts of a set-off tail: "12 Main Street, Dubai, UAE". */
const TAIL_PARTS = /[,;]/;

/** What every annotation above needs somewhere in the name: a cheap test that lets most names through untouched. */
const MAY_HOLD_ANOTHER =
  /[(:/;,=\n-]|ex[-.\s]|\.k\.|formerly|known as|branch|\b(?:acct|account|iban|imo|fao|attn|attention|dba|trading as|doing business|messrs)\b/i;

/**
 * Whether `text` says where an entity is, not what it is called: an address, a flag, or (unless `countryAlone` is
 * false) a country or its code.
 */
function isPlace(text: string, kind: SubjectKind, countryAlone = true): boolean {
  const t = text.trim();
  if (t === '') return false;
  if (FLAG.test(t)) return true;
  const country = t.split(TAIL_PARTS).some((part) => countryCode(part) !== null);
  // An address word with a number or a country beside it (12 Main Street; Free Zone, Dubai, UAE); a number alone is
  // the name's own (ALPHA (1998) LTD, ACME PROPERTIES (2) LIMITED), and so may an address word be (ACME, CITY BANK).
  if (ADDRESS_WORD.test(t) && (/\d/.test(t) || country)) return true;
  if (!countryAlone) return false;
  // A code in brackets is a flag only on a ship (a company's "(PA)" may be its initials).
  if (/^[A-Za-z]{2,3}$/.test(t)) return kind === 'vessel' && countryFromCode(t) !== null;
  return country;
}

/** Letters of an acronym: its letters only, folded (M.S.P. → msp, ISF-IM → isfim). */
const lettersOf = (text: string): string => foldToAscii(text).replace(/[^a-z]/g, '');

/**
 * Whether `acronym` abbreviates `name`: it starts with the name's first letter and its letters appear in the name's
 * letters in order, each of the name's words giving at most its first few (IRGC, Islamic Revolutionary Guard Corps;
 * NICO, Naftiran Intertrade Co.). A place in parentheses (ANGOLA) does not start with the name's letter.
 */
export function isAcronymOf(acronym: string, name: string): boolean {
  const letters = lettersOf(acronym);
  const words = foldToAscii(name)
    .split(' ')
    .filter((w) => /[a-z]/.test(w));
  if (letters.length < 2 || letters.length > 8 || words.length < 2) return false;
  if (letters[0] !== words[0]?.[0]) return false;
  let at = 0;
  for (const word of words) {
    // Each word gives a prefix of itself to the acronym, possibly empty (a stop word, a legal form).
    let taken = 0;
    while (at < letters.length && taken < word.length && word[taken] === letters[at]) {
      taken++;
      at++;
    }
  }
  return at === letters.length;
}

/**
 * The names a written name yields beyond itself: each name after an alias marker (and the name before it), an
 * acronym in parentheses that abbreviates the name (and the name without it), each name of a list set apart by
 * semicolons, the name without a branch written after it. Each is trimmed; none is empty or the written name again.
 */
export function namesWithin(raw: string, kind: SubjectKind = 'any'): NameWithin[] {
  const out: NameWithin[] = [];
  if (!MAY_HOLD_ANOTHER.test(raw)) {
    const located = kind === 'person' || kind === 'vessel' ? null : withoutCountryAfterForm(raw);
    if (located !== null) out.push({ name: located, from: 'place' });
    return out;
  }
  const labelled = withoutLabel(raw);
  if (labelled !== raw) {
    out.push({ name: labelled, from: 'label' });
    // What the label leaves is read as every other name is.
    for (const inner of namesWithin(labelled, kind)) if (!out.some((n) => n.name === inner.name)) out.push(inner);
    return out;
  }
  const add = (name: string, from: NameWithin['from']): void => {
    const trimmed = name.replace(/^[\s,;:()[\]-]+|[\s,;:()[\]-]+$/g, '');
    if (trimmed !== '' && trimmed !== raw.trim() && !out.some((n) => n.name === trimmed))
      out.push({ name: trimmed, from });
  };
  const parts = raw
    .split(kind === 'vessel' && !ALIAS_MARKER.test(raw) ? VESSEL_EX : ALIAS_MARKER)
    .map((part) => part.replace(/[()[\]]/g, ' ').trim());
  // A marker opening or closing the name leaves one name, not two.
  if (parts.length > 1 && parts.every((part) => /\p{L}/u.test(part))) for (const part of parts) add(part, 'alias');
  const parenthesised = PARENTHESISED_WORD.exec(raw);
  if (parenthesised !== null) {
    const without = raw.replace(parenthesised[0], ' ').replace(/\s+/g, ' ');
    if (isAcronymOf(parenthesised[1] ?? '', without)) {
      add(parenthesised[1] ?? '', 'acronym');
      add(without, 'acronym');
    }
  }
  if (raw.includes(';'))
    for (const part of raw.split(LIST_SEPARATOR).map((p) => p.trim())) {
      if (!/\p{L}/u.test(part) || LIST_NOTE.test(part)) continue;
      if (!/\s/.test(part) && part.length < LIST_WORD_MIN) continue;
      add(part, 'alias');
    }
  const other = ALIAS_MARKER.test(raw) ? null : otherWritingInParentheses(raw);
  if (other !== null) {
    add(other.outside, 'alias');
    add(other.inside, 'alias');
  }
  const placed =
    other !== null
      ? null
      : (withoutPlace(raw, kind) ?? (kind === 'person' || kind === 'vessel' ? null : withoutCountryAfterForm(raw)));
  if (placed !== null) add(placed, 'place');
  if (BRANCH_SET_OFF.test(raw)) add(raw.replace(BRANCH_SET_OFF, ''), 'branch');
  else if (BRANCH_LAST.test(raw)) {
    // Where the place ends and the name begins is not written: each cut that leaves two words or more is tried.
    const words = raw.replace(BRANCH_LAST, '').split(/\s+/);
    for (let place = 0; place <= BRANCH_PLACE_WORDS && words.length - place >= 2; place++)
      add(words.slice(0, words.length - place).join(' '), 'branch');
  }
  return out;
}

/**
 * A name followed by another writing of it in parentheses: in another script (its reading, or the original), or,
 * in one script, of two words or more that are not a place (a translation, a full name). Null for anything else,
 * such as an acronym or one word (which may be a place or a note: "(PRIVATE)", "(ANGOLA)").
 */
function otherWritingInParentheses(raw: string): { outside: string; inside: string } | null {
  const parts = raw.trimEnd().endsWith(')') ? PARENTHESISED_CLOSING.exec(raw) : null;
  if (parts === null) return null;
  const outside = (parts[1] ?? '').trim();
  const inside = (parts[2] ?? '').trim();
  if (!/\p{L}/u.test(outside) || !/\p{L}/u.test(inside)) return null;
  if (hasNonLatinLetters(outside) !== hasNonLatinLetters(inside)) return { outside, inside };
  const words = inside.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return words.length >= PARENTHESISED_NAME_WORDS && !isPlace(inside, 'any') ? { outside, inside } : null;
}

/**
 * The name without a field label or a "care of" around it: "Beneficiary: ACME LLC", "1/ACME LLC" with the address
 * lines of a structured field after it (on lines of their own or run into one), an account before or after it
 * (":59:/DE89370400440532013000 ACME LLC", "ACME LLC ACCT 12345678"), an IMO number, "ACME LLC c/o Gulf Services",
 * "c/o ACME LLC", "FAO ACME LLC", "M/s ACME LLC". The same string when there is none, or nothing would be left.
 */
function withoutLabel(raw: string): string {
  let text = raw;
  if (text.includes('\n')) {
    const lines = text.split(/\r?\n/).map((line) => line.trim());
    // A structured party field numbers its lines: 1/ the name (perhaps over several lines), 2/ and 3/ the address.
    const numbered = lines.filter((line) => /^1\//.test(line)).map((line) => line.slice(2));
    text =
      numbered.length > 0
        ? numbered.join(' ')
        : (lines.find((line) => /\p{L}/u.test(line.replace(FIELD_LABEL, ''))) ?? text);
  }
  const structured = /^\s*1\//.test(text) ? NEXT_NUMBERED_LINE.exec(text) : null;
  if (structured !== null) text = text.slice(0, structured.index);
  text = text.replace(FIELD_LABEL, '').replace(ACCOUNT_FIRST, '').replace(ACCOUNT_AFTER, '').replace(IMO_NUMBER, ' ');
  text = text.replace(MESSRS_FIRST, '');
  if (CARE_OF_FIRST.test(text)) text = text.replace(CARE_OF_FIRST, '');
  else {
    const at = CARE_OF.exec(text);
    if (at !== null) text = text.slice(0, at.index);
  }
  text = text.trim();
  return /\p{L}/u.test(text) ? text : raw;
}

/** Words that put a name in a place and are some registry's form too: ISLAMIC STATE IN SOMALIA has no form. */
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'at', 'en', 'im', 'fi']);

/** The most words a country's name takes after a company's legal form (Hong Kong, United Arab Emirates). */
const COUNTRY_WORDS = 3;

/**
 * The name without a country written after its legal form, unmarked: "JIAXIANG INDUSTRY LTD HONG KONG",
 * "TELEFOCUS CONSULTANTS INC CANADA" are where the company is, since the name ends with its form. A country before
 * the form is the name's own (ACME TRADING HONG KONG LIMITED is a subsidiary). Codes are not read here: CO is a form.
 */
function withoutCountryAfterForm(raw: string): string | null {
  // Set off by a comma, a country alone names a part of the entity (ARAB BANK, JORDAN): see withoutPlace.
  if (raw.includes(',')) return null;
  const words = raw.trim().split(/\s+/);
  if (!mayEndCountryName((words[words.length - 1] ?? '').toLowerCase().replace(/[^a-z]/g, ''))) return null;
  for (let n = 1; n <= COUNTRY_WORDS && words.length - n >= 2; n++) {
    const tail = words.slice(words.length - n).join(' ');
    if (tail.replace(/[^\p{L}]/gu, '').length <= 3 || countryCode(tail) === null) continue;
    const head = words.slice(0, words.length - n).join(' ');
    const folded = foldToAscii(head).split(' ');
    const { rest } = splitLegalFormFacts(folded, (phrase) => companyForm(phrase) && !PLACE_PREPOSITIONS.has(phrase));
    // A form must close the head (one that opens it, PT or OOO, says nothing of what follows the name).
    if (rest.length > 0 && rest.length < folded.length && rest.at(-1) !== folded.at(-1)) return head;
  }
  return null;
}

/**
 * The name without the place set off after it: a tail after a comma or a spaced dash that is an address, a country
 * or a flag ("ACME LLC, 12 Main Street, Dubai", "OCEAN STAR, flag: Panama"), or such a part in brackets ("ACME
 * TRADING (Dubai, UAE)", "OCEAN STAR (PA)"). A person's comma parts the family name from the given names and is left
 * alone. Null when there is no such place.
 */
function withoutPlace(raw: string, kind: SubjectKind): string | null {
  const bracket = /\s*\(([^()]*)\)/.exec(raw);
  // A company's country alone in brackets is a subsidiary's name (ACME TRADING (HONG KONG) LIMITED is not ACME
  // TRADING LIMITED), a ship's is its flag; a town and a country, or an address, are where either is.
  const inner = bracket?.[1] ?? '';
  if (bracket !== null && isPlace(inner, kind, kind === 'vessel' || inner.includes(','))) {
    const rest = (raw.slice(0, bracket.index) + ' ' + raw.slice(bracket.index + bracket[0].length))
      .replace(/\s+/g, ' ')
      .trim();
    if (/\p{L}/u.test(rest)) return rest;
  }
  const cut = kind === 'person' ? /\s+-\s+/.exec(raw) : /\s*,\s*|\s+-\s+/.exec(raw);
  if (cut === null) return null;
  const head = raw.slice(0, cut.index).trim();
  const tail = raw.slice(cut.index + cut[0].length);
  // A legal form after the comma is the name's own (ACME, INC.; ACME TRADING, S.A. DE C.V.).
  // A country alone after a comma or a dash names a part of the entity, often listed apart (ISIL - Yemen, ARAB BANK,
  // JORDAN); a town and a country are where it is.
  return /\p{L}/u.test(head) && isPlace(tail, kind, cut[0].includes(',') && TAIL_PARTS.test(tail)) ? head : null;
}
