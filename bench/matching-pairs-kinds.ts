// The kind of a labelled pair, by the first rule that applies, in the order listed in POSITIVE_KINDS and
// NEGATIVE_KINDS. Rules look at folded words, scripts, legal forms and the word tables; they never rewrite a name.
import type { EntityType } from './matching-pairs-types.js';
import type { LegalForms } from './matching-pairs-legal-forms.js';
import { dominantScript, hasKana, type ScriptName } from './matching-pairs-scripts.js';
import { editDistance, fold, words } from './matching-pairs-text.js';
import {
  ABBREVIATIONS,
  ANNOTATION_MARKERS,
  FAMILY_FIRM_WORDS,
  HOLDING_WORDS,
  PLACE_WORDS,
  conceptOf,
} from './matching-pairs-vocabulary.js';

export const SCRIPT_KINDS = [
  'hebrew',
  'armenian',
  'georgian',
  'burmese',
  'chinese',
  'japanese',
  'korean',
  'arabic',
  'cyrillic',
  'greek',
  'thai',
  'other',
] as const;

/** Positive kinds, in the order their rules are tried. */
export const POSITIVE_KINDS = [
  ...SCRIPT_KINDS.map((s) => `cross-script:${s}`),
  'cross-script:mixed',
  ...SCRIPT_KINDS.map((s) => `same-script:${s}`),
  'vessel',
  'legal-form',
  'abbreviation',
  'annotation',
  'run-together',
  'romanisation',
  'translated',
  'reordered',
  'person',
  'other',
] as const;

/** Negative kinds, in the order their rules are tried. */
export const NEGATIVE_KINDS = [
  'neg:number',
  'neg:legal-form-country',
  'neg:holding-operating',
  'neg:subsidiary-country',
  'neg:family-name',
  'neg:one-letter',
  'neg:distinctive-word',
  'neg:person',
  'neg:other',
  'neg:cross-script',
] as const;

export interface NameSide {
  readonly name: string;
  /** Han in this name is Japanese (the entry says so), not Chinese. */
  readonly japanese: boolean;
}

function scriptKind(script: ScriptName, side: NameSide, other: NameSide): string {
  if (script === 'han') return side.japanese || hasKana(side.name) || hasKana(other.name) ? 'japanese' : 'chinese';
  if (
    script === 'burmese' ||
    script === 'hebrew' ||
    script === 'armenian' ||
    script === 'georgian' ||
    script === 'korean' ||
    script === 'arabic' ||
    script === 'cyrillic' ||
    script === 'greek' ||
    script === 'thai'
  )
    return script;
  return 'other';
}

/** cross-script:<s>, cross-script:mixed or same-script:<s>; undefined when both sides are mostly Latin. */
export function scriptPairKind(a: NameSide, b: NameSide): string | undefined {
  const sa = dominantScript(a.name);
  const sb = dominantScript(b.name);
  if (sa === 'latin' && sb === 'latin') return undefined;
  if (sa === 'latin') return `cross-script:${scriptKind(sb, b, a)}`;
  if (sb === 'latin') return `cross-script:${scriptKind(sa, a, b)}`;
  const ka = scriptKind(sa, a, b);
  const kb = scriptKind(sb, b, a);
  return ka === kb ? `same-script:${ka}` : 'cross-script:mixed';
}

/** Words with dots and apostrophes taken out first, so that "Int'l" is one word "intl" and "F.lli" is "flli". */
function abbreviationWords(s: string): string[] {
  return words(s.replace(/['’.]/gu, ''));
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

function sortedWords(ws: readonly string[]): string {
  return [...ws].sort().join(' ');
}

/** True when expanding some abbreviation of one side turns it into the other (word sequence, ignoring spacing). */
function expandsTo(short: readonly string[], long: readonly string[]): boolean {
  const target = long.join('');
  // Each variant is a prefix built so far, and whether it used an expansion to get there.
  let variants: { text: string; expanded: boolean }[] = [{ text: '', expanded: false }];
  for (const w of short) {
    const next: { text: string; expanded: boolean }[] = [];
    for (const v of variants) {
      next.push({ text: v.text + w, expanded: v.expanded });
      for (const l of ABBREVIATIONS.get(w) ?? []) next.push({ text: v.text + l.replace(/ /gu, ''), expanded: true });
    }
    variants = next.filter((v) => target.startsWith(v.text)).slice(0, 64);
    if (variants.length === 0) return false;
  }
  return variants.some((v) => v.expanded && v.text === target);
}

/** Is `inner` a contiguous run of `outer`? */
function containsRun(outer: readonly string[], inner: readonly string[]): number {
  if (inner.length === 0 || inner.length >= outer.length) return -1;
  for (let i = 0; i + inner.length <= outer.length; i++) if (inner.every((w, j) => outer[i + j] === w)) return i;
  return -1;
}

function isAnnotation(shortName: string, longName: string): boolean {
  const s = words(shortName);
  const l = words(longName);
  const at = containsRun(l, s);
  if (at < 0) return false;
  const extra = [...l.slice(0, at), ...l.slice(at + s.length)];
  if (/[([\]]|c\/o|\ba\.?k\.?a\b|\bf\.?k\.?a\b/iu.test(longName)) return true;
  return extra.some((w) => ANNOTATION_MARKERS.has(w) || PLACE_WORDS.has(w));
}

/** Each differing word pair is a small respelling (kh/h, ou/u, -ji/-jee …), and not a translated generic word. */
function isRespelling(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  let differs = false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    differs = true;
    const cx = conceptOf(x);
    if (cx !== undefined && cx === conceptOf(y)) return false;
    if (/\d/u.test(x + y)) return false;
    const allowed = Math.max(1, Math.floor(Math.max(x.length, y.length) / 3));
    if (editDistance(x, y, allowed) > allowed) return false;
  }
  return differs;
}

/** The two word lists differ only by generic words that translate each other (Bank/Banque, Group/Gruppa). */
function isTranslation(a: readonly string[], b: readonly string[]): boolean {
  if (sortedWords(a) === sortedWords(b)) return false;
  const map = (ws: readonly string[]): string => ws.map((w) => conceptOf(w) ?? w).join(' ');
  const sortedMap = (ws: readonly string[]): string => sortedWords(ws.map((w) => conceptOf(w) ?? w));
  return map(a) === map(b) || sortedMap(a) === sortedMap(b);
}

/** Both Latin: run-together test needs lower-casing only; diacritics would make it another kind. */
function withoutSpacesAndHyphens(s: string): string {
  return s.toLowerCase().replace(/[\s\-‐‑–—_]/gu, '');
}

export function positiveKind(a: NameSide, b: NameSide, type: EntityType, forms: LegalForms): string {
  const script = scriptPairKind(a, b);
  if (script !== undefined) return script;
  if (type === 'vessel') return 'vessel';
  const wa = words(a.name);
  const wb = words(b.name);
  const fa = type === 'company' ? forms.find(a.name) : { rest: wa, forms: [] };
  const fb = type === 'company' ? forms.find(b.name) : { rest: wb, forms: [] };
  const formDiffers = fa.forms.join(' ') !== fb.forms.join(' ') && (fa.forms.length > 0 || fb.forms.length > 0);
  if (formDiffers && fa.rest.length > 0 && sameWords(fa.rest, fb.rest)) return 'legal-form';
  const aa = abbreviationWords(a.name);
  const ab = abbreviationWords(b.name);
  if (expandsTo(aa, ab) || expandsTo(ab, aa)) return 'abbreviation';
  if (formDiffers && fa.rest.length > 0 && (expandsTo(fa.rest, fb.rest) || expandsTo(fb.rest, fa.rest)))
    return 'abbreviation';
  const [shorter, longer] = wa.length <= wb.length ? [a.name, b.name] : [b.name, a.name];
  if (isAnnotation(shorter, longer)) return 'annotation';
  if (withoutSpacesAndHyphens(a.name) === withoutSpacesAndHyphens(b.name)) return 'run-together';
  if (sameWords(wa, wb) && fold(a.name) !== a.name.toLowerCase()) return 'romanisation';
  if (isRespelling(wa, wb) || isRespelling([...wa].sort(), [...wb].sort())) return 'romanisation';
  if (isTranslation(wa, wb)) return 'translated';
  if (sortedWords(wa) === sortedWords(wb)) return 'reordered';
  return type === 'person' ? 'person' : 'other';
}

/** The words of `a` missing from `b`, as a multiset difference. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  const out: string[] = [];
  for (const w of a) {
    const i = left.indexOf(w);
    if (i >= 0) left.splice(i, 1);
    else out.push(w);
  }
  return out;
}

const ROMAN = /^(?:i{1,3}|iv|v|vi{1,3}|ix|x|xi{1,3}|xiv|xv)$/u;

function isNumberWord(w: string): boolean {
  return /^\d+$/u.test(w) || ROMAN.test(w);
}

export function negativeKind(a: NameSide, b: NameSide, type: EntityType, forms: LegalForms): string {
  const wa = words(a.name);
  const wb = words(b.name);
  const na = wa.filter(isNumberWord);
  const nb = wb.filter(isNumberWord);
  if (
    sameWords(
      wa.filter((w) => !isNumberWord(w)),
      wb.filter((w) => !isNumberWord(w)),
    ) &&
    !sameWords(na, nb)
  )
    return 'neg:number';
  const fa = type === 'company' ? forms.find(a.name) : { rest: wa, forms: [] };
  const fb = type === 'company' ? forms.find(b.name) : { rest: wb, forms: [] };
  const [formA, formB] = [fa.forms.join(''), fb.forms.join('')];
  const companyForms = type === 'company' && formA !== '' && formB !== '' && sameWords(fa.rest, fb.rest);
  if (companyForms && !forms.sameForm(formA, formB) && forms.differentCountries(formA, formB))
    return 'neg:legal-form-country';
  const onlyA = minus(fa.rest, fb.rest);
  const onlyB = minus(fb.rest, fa.rest);
  const diff = [...onlyA, ...onlyB];
  if (
    type !== 'person' &&
    diff.length > 0 &&
    (onlyA.length === 0 || onlyB.length === 0) &&
    diff.every((w) => HOLDING_WORDS.has(w))
  )
    return 'neg:holding-operating';
  if (type !== 'person' && diff.length > 0 && diff.every((w) => PLACE_WORDS.has(w))) return 'neg:subsidiary-country';
  const oneWordSwapped = onlyA.length === 1 && onlyB.length === 1;
  if (type === 'person' && wa.length === wb.length && oneWordSwapped) {
    const i = wa.indexOf(onlyA[0] ?? '');
    if (i === 0 || i === wa.length - 1) return 'neg:family-name';
  }
  if (type !== 'person' && oneWordSwapped && wa.some((w) => FAMILY_FIRM_WORDS.has(w))) return 'neg:family-name';
  if (editDistance(wa.join(''), wb.join(''), 2) <= 2) return 'neg:one-letter';
  if (oneWordSwapped && fa.rest.length > 1) return 'neg:distinctive-word';
  return type === 'person' ? 'neg:person' : 'neg:other';
}
