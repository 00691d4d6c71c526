// Which two names are variants of one name, and which are one name twice (namesakes): the label filters of the
// matching-pairs set. Words are compared after a simple folding; nothing here makes or changes a name in the set.
//
// Significant words: the folded words of a name without legal forms at either end (companies only, from the ELF list
// and rigour's org types), stop words, a leading vessel-type prefix and person titles.
// Counterpart (strict, for Latin names): equal; a prefix of ≥ 3 letters; an abbreviation or a translated generic
// word of the vocabulary; an edit distance ≤ max(1, ⌊length/4⌋); equal consonant skeletons, or skeletons one edit
// apart when both are long enough (for vessels, of words within ⌊length/2⌋ edits); or a run-together of consecutive words on either side. Words with digits must
// be equal. Counterpart (loose, for a name read from another script): skeletons or words within 40 % edits, or a
// run-together within 40 %.
import { transliterate } from 'transliteration';
import type { LegalForms } from './matching-pairs-legal-forms.js';
import { dominantScript } from './matching-pairs-scripts.js';
import { editDistance } from './matching-pairs-text.js';
import type { EntityType } from './matching-pairs-types.js';
import { ABBREVIATIONS, conceptOf } from './matching-pairs-vocabulary.js';

/** Function words of the languages the lists are written in; "bin"/"ibn" and "abu" stay, they are name parts. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'the of and for in on at to by with a an ' +
    'de la le les des du del della dello di da do dos das e et y und der die das den van von ' +
    'al el ul ud'
  ).split(' '),
);

/** Titles and honorifics that come and go between the aliases of one person. */
const TITLES: ReadonlySet<string> = new Set(
  (
    'mr mrs ms miss dr prof haji hajji hadji alhaji alhajji mullah mulla mawlawi maulvi molvi maulana mufti qari ' +
    'sheikh shaykh sheik shaikh sayyid sayed seyyed sayyed syed imam general gen colonel col major captain capt ' +
    'lieutenant brigadier commander'
  ).split(' '),
);

/** Vessel-type prefixes, compared without their slash ("m/t" is read as "mt"). */
const VESSEL_PREFIXES: ReadonlySet<string> = new Set(['mt', 'mv', 'my', 'ms', 'ss', 'fv', 'lng', 'lpg']);

/** Numbers, Roman ones included, are never legal forms ("RIM GROUP INVESTMENTS II CORP."). */
const NUMBER = /^(?:\d+|[ivxl]+)$/u;

/** A multi-word legal form is at most this many words long ("obshchestvo s ogranichennoi otvetstvennostiu" is 5). */
const MAX_FORM_WORDS = 9;
/** The longest run of words joined in a run-together match. */
const MAX_RUN = 4;
/** Share of the longer word (or skeleton) that may be edited in the loose, cross-script test. */
const LOOSE_EDITS = 0.4;

/** NFKD, combining marks dropped, lower-cased, apostrophes and dots joined ("Int'l" → "intl"), other punctuation → space. */
export function simpleFold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`ʼʻ.]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function simpleWords(s: string): string[] {
  const f = simpleFold(s);
  return f === '' ? [] : f.split(' ');
}

/** Consonants only: a e i o u y w h dropped and doubled letters collapsed ("Muhammad" → "mmd" → "md"). */
export function skeleton(w: string): string {
  return w.replace(/[aeiouywh]/gu, '').replace(/(.)\1+/gu, '$1');
}

/** A name's folded words, which of them are significant, and the legal forms found at its ends. */
export interface SignificantName {
  readonly all: readonly string[];
  /** Indices into `all` of the significant words. */
  readonly idx: readonly number[];
  readonly forms: readonly string[];
}

function runs(ws: readonly string[], containing?: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < ws.length; i++)
    for (let n = 2; n <= MAX_RUN && i + n <= ws.length; n++) {
      if (containing !== undefined && (containing < i || containing >= i + n)) continue;
      out.push(ws.slice(i, i + n).join(''));
    }
  return out;
}

function abbreviates(x: string, y: string): boolean {
  return (ABBREVIATIONS.get(x) ?? []).some((l) => l.replace(/ /gu, '') === y);
}

/** The strict word test, for two Latin names. */
export function strictWordMatch(x: string, y: string): boolean {
  return strictMatch(x, y, false);
}

/**
 * The strict test for two words of a vessel's names: skeletons agree only between words within ⌊length/2⌋ edits. A
 * vessel's other names are mostly its former ones (it is renamed at each sale), and the few consonants of two short
 * names agree by chance (Downy and Dena, Seahorse and Turris); a person's or an organisation's names are romanised
 * from other scripts, where the consonants carry the name across spellings that share few letters (Qubaysi, Kobeissi).
 */
function vesselWordMatch(x: string, y: string): boolean {
  return strictMatch(x, y, true);
}

function strictMatch(x: string, y: string, closeSkeletonsOnly: boolean): boolean {
  if (x === y) return true;
  if (/\d/u.test(x + y)) return false;
  const [s, l] = x.length <= y.length ? [x, y] : [y, x];
  if (s.length >= 3 && l.startsWith(s)) return true;
  if (abbreviates(x, y) || abbreviates(y, x)) return true;
  const cx = conceptOf(x);
  if (cx !== undefined && cx === conceptOf(y)) return true;
  if (editDistance(x, y, Math.max(1, Math.floor(l.length / 4))) <= Math.max(1, Math.floor(l.length / 4))) return true;
  const [kx, ky] = [skeleton(x), skeleton(y)];
  if (kx === '' || ky === '') return false;
  const half = Math.floor(l.length / 2);
  if (closeSkeletonsOnly && editDistance(x, y, half) > half) return false;
  if (kx === ky) return true;
  // One edit between short skeletons is chance ("spt"/"sprt"): only for same-length skeletons of ≥ 3, or ≥ 4.
  const shorter = Math.min(kx.length, ky.length);
  const longEnough = shorter >= 4 || (shorter >= 3 && kx.length === ky.length);
  return longEnough && editDistance(kx, ky, 1) <= 1;
}

function looseClose(x: string, y: string): boolean {
  if (x === y) return true;
  if (/\d/u.test(x + y)) return false;
  const allowed = (a: string, b: string): number => Math.floor(LOOSE_EDITS * Math.max(a.length, b.length));
  if (editDistance(x, y, allowed(x, y)) <= allowed(x, y)) return true;
  const [kx, ky] = [skeleton(x), skeleton(y)];
  return kx !== '' && ky !== '' && editDistance(kx, ky, allowed(kx, ky)) <= allowed(kx, ky);
}

/** The loose word test, for a name read from another script by an independent transliterator. */
export function looseWordMatch(x: string, y: string): boolean {
  return strictWordMatch(x, y) || looseClose(x, y);
}

/** A word test, and the test of a word against a run of words joined together. */
interface WordRule {
  readonly match: (x: string, y: string) => boolean;
  readonly run: (x: string, y: string) => boolean;
}

const STRICT: WordRule = { match: strictWordMatch, run: (x, y) => x === y };
const STRICT_VESSEL: WordRule = { match: vesselWordMatch, run: (x, y) => x === y };
const strictFor = (type: EntityType): WordRule => (type === 'vessel' ? STRICT_VESSEL : STRICT);
const LOOSE: WordRule = { match: looseWordMatch, run: looseClose };

export class VariantRules {
  constructor(private readonly forms: LegalForms) {}

  /** How many words legal forms take at each end (end first, then start, repeatedly), always leaving one word. */
  private formEnds(ws: readonly string[]): { head: number; tail: number; forms: string[] } {
    const forms: string[] = [];
    let [head, tail] = [0, 0];
    for (let changed = true; changed;) {
      changed = false;
      for (const atEnd of [true, false]) {
        const left = ws.length - head - tail;
        for (let n = Math.min(MAX_FORM_WORDS, left - 1); n >= 1; n--) {
          const from = atEnd ? ws.length - tail - n : head;
          const part = ws.slice(from, from + n).join('');
          if (!this.forms.isForm(part) || NUMBER.test(part)) continue;
          forms.push(part);
          if (atEnd) tail += n;
          else head += n;
          changed = true;
          break;
        }
      }
    }
    return { head, tail, forms: forms.sort() };
  }

  significant(name: string, type: EntityType): SignificantName {
    let all = simpleWords(name);
    // "M/T" folds to "m t": read a leading pair of single letters as one prefix.
    if (all.length > 2 && all[0]?.length === 1 && all[1]?.length === 1 && VESSEL_PREFIXES.has(all[0] + all[1]))
      all = [all[0] + all[1], ...all.slice(2)];
    const start = type === 'vessel' && all.length > 1 && VESSEL_PREFIXES.has(all[0] ?? '') ? 1 : 0;
    const ends = type === 'company' ? this.formEnds(all.slice(start)) : { head: 0, tail: 0, forms: [] };
    const idx: number[] = [];
    for (let i = start + ends.head; i < all.length - ends.tail; i++) if (!STOP_WORDS.has(all[i] ?? '')) idx.push(i);
    // A title is dropped only when two words remain: "General Nkunda" is a nom de guerre, not a spelling of a name.
    const untitled = type === 'vessel' ? idx : idx.filter((i) => !TITLES.has(all[i] ?? ''));
    return { all, idx: untitled.length >= 2 ? untitled : idx, forms: ends.forms };
  }

  /**
   * How many significant words of `x` have a counterpart in `y`: a word of `y` used by one word of `x` only
   * (so "Maran Corona" does not find both its words in "Corona"), or a run-together either way.
   */
  private covered(x: SignificantName, y: SignificantName, rule: WordRule): number {
    const { match, run } = rule;
    const yRuns = runs(y.all);
    const edges: number[][] = [];
    let byRun = 0;
    for (const i of x.idx) {
      const w = x.all[i] ?? '';
      if (yRuns.some((r) => run(w, r)) || runs(x.all, i).some((r) => y.all.some((o) => run(r, o)))) byRun++;
      else edges.push(y.idx.filter((j) => match(w, y.all[j] ?? '')));
    }
    // Kuhn's augmenting paths: names have a handful of words.
    const owner = new Map<number, number>();
    const assign = (k: number, seen: Set<number>): boolean => {
      for (const j of edges[k] ?? []) {
        if (seen.has(j)) continue;
        seen.add(j);
        const o = owner.get(j);
        if (o === undefined || assign(o, seen)) {
          owner.set(j, k);
          return true;
        }
      }
      return false;
    };
    let matched = 0;
    for (let k = 0; k < edges.length; k++) if (assign(k, new Set())) matched++;
    return byRun + matched;
  }

  /** Two Latin names: every significant word of the one with fewer has a counterpart in the other. */
  isVariant(a: string, b: string, type: EntityType): boolean {
    return this.variantOf(this.significant(a, type), this.significant(b, type), strictFor(type), 1);
  }

  /** Both ways: every significant word of each name has a counterpart in the other. */
  isVariantBothWays(a: string, b: string, type: EntityType): boolean {
    const [sa, sb] = [this.significant(a, type), this.significant(b, type)];
    if (sa.idx.length === 0 || sb.idx.length === 0) return false;
    const rule = strictFor(type);
    return this.covered(sa, sb, rule) === sa.idx.length && this.covered(sb, sa, rule) === sb.idx.length;
  }

  /**
   * One side (or both) in another script: non-Latin sides are read with the `transliteration` package, a reader
   * independent of the matcher's; at least half (rounded up) of the smaller side's words need a loose counterpart.
   */
  /** A name as the variant tests read it: Latin as it is, another script through the `transliteration` package. */
  read(name: string): string {
    return dominantScript(name) === 'latin' ? name : transliterate(name);
  }

  isCrossScriptVariant(a: string, b: string, type: EntityType): boolean {
    const read = (s: string): string => this.read(s);
    return this.variantOf(this.significant(read(a), type), this.significant(read(b), type), LOOSE, 0.5);
  }

  /** Two names in the same non-Latin script: both read with `transliteration`, then the strict rule. */
  isSameScriptVariant(a: string, b: string, type: EntityType): boolean {
    return this.isVariant(transliterate(a), transliterate(b), type);
  }

  private variantOf(sa: SignificantName, sb: SignificantName, rule: WordRule, share: number): boolean {
    if (sa.idx.length === 0 || sb.idx.length === 0) return false;
    const ok = (x: SignificantName, y: SignificantName): boolean =>
      this.covered(x, y, rule) >= Math.ceil(share * x.idx.length);
    // The name with fewer significant words is tested; on a tie either may be.
    if (sa.idx.length < sb.idx.length) return ok(sa, sb);
    if (sb.idx.length < sa.idx.length) return ok(sb, sa);
    return ok(sa, sb) || ok(sb, sa);
  }

  /**
   * One name twice: the same significant words (order and repeats ignored: "AHMED, Ahmed" | "Ahmed"), or the same
   * letters once spaces and punctuation are gone. `other-form` when both carry legal forms and these differ (Acme
   * GmbH, Acme Sdn Bhd): two companies of one name in two forms, a fair negative.
   */
  sameName(a: string, b: string, type: EntityType): 'namesake' | 'other-form' | 'different' {
    const [sa, sb] = [this.significant(a, type), this.significant(b, type)];
    const set = (s: SignificantName): string => [...new Set(s.idx.map((i) => s.all[i] ?? ''))].sort().join(' ');
    const same = (sa.idx.length > 0 && set(sa) === set(sb)) || sa.all.join('') === sb.all.join('');
    if (!same) return 'different';
    const [fa, fb] = [sa.forms.join(''), sb.forms.join('')];
    return fa !== '' && fb !== '' && !this.forms.sameForm(fa, fb) ? 'other-form' : 'namesake';
  }

  isNamesake(a: string, b: string, type: EntityType): boolean {
    return this.sameName(a, b, type) === 'namesake';
  }
}
