// Positive pairs: two names one publisher gives the same entity. Filters out what no name matcher should be asked
// to link (a former name that is another name altogether), and caps how many pairs one entity contributes.
import { positiveKind, scriptPairKind } from './matching-pairs-kinds.js';
import type { LegalForms } from './matching-pairs-legal-forms.js';
import { halfOf } from './matching-pairs-split.js';
import { byCodeUnit, fnv1a, letterCount, pairKey } from './matching-pairs-text.js';
import {
  exclude,
  type EntityRecord,
  type EntityType,
  type Exclusions,
  type LabelledPair,
} from './matching-pairs-types.js';
import { VariantRules } from './matching-pairs-variants.js';

/** At most this many pairs per entity, so that one entry with 40 EU-language spellings does not dominate. */
export const PAIRS_PER_ENTITY = 12;

/**
 * Why a pair of two names of one entity is left out, or undefined when it is kept. An entry's aliases include
 * former names, nicknames and noms de guerre: only variants of one name are kept (bench/matching-pairs-variants.ts).
 */
export function positiveExclusion(a: string, b: string, type: EntityType, rules: VariantRules): string | undefined {
  if (a.trim() === b.trim()) return 'identical';
  if (a.toLowerCase() === b.toLowerCase()) return 'case-only';
  const script = scriptPairKind({ name: a, japanese: false }, { name: b, japanese: false });
  if (script === undefined) return rules.isVariant(a, b, type) ? undefined : 'different-name';
  if (script.startsWith('cross-script:'))
    return rules.isCrossScriptVariant(a, b, type) ? undefined : 'different-name-cross-script';
  // Two names in one other script (Russian and Ukrainian spellings): read alike, then held to the strict rule.
  return rules.isSameScriptVariant(a, b, type) ? undefined : 'different-name';
}

interface Candidate {
  readonly a: string;
  readonly b: string;
  readonly kind: string;
}

/** Round-robin over kinds (rarest first), each kind in hash order: a varied, deterministic choice of pairs. */
function chooseVaried(candidates: readonly Candidate[], limit: number): Candidate[] {
  const byKind = new Map<string, Candidate[]>();
  for (const c of candidates) {
    let l = byKind.get(c.kind);
    if (l === undefined) byKind.set(c.kind, (l = []));
    l.push(c);
  }
  const queues = [...byKind.entries()]
    .sort(([ka, la], [kb, lb]) => la.length - lb.length || byCodeUnit(ka, kb))
    .map(([, l]) =>
      l.sort((x, y) => fnv1a(`${x.a}|${x.b}`) - fnv1a(`${y.a}|${y.b}`) || byCodeUnit(x.a + x.b, y.a + y.b)),
    );
  const out: Candidate[] = [];
  for (let round = 0; out.length < limit; round++) {
    let any = false;
    for (const q of queues) {
      const c = q[round];
      if (c === undefined) continue;
      any = true;
      if (out.length < limit) out.push(c);
    }
    if (!any) break;
  }
  return out;
}

export function buildPositives(
  entities: readonly EntityRecord[],
  forms: LegalForms,
  exclusions: Exclusions,
): LabelledPair[] {
  const rules = new VariantRules(forms);
  const seen = new Set<string>();
  const pairs: LabelledPair[] = [];
  for (const e of entities) {
    exclude(exclusions, 'identical', e.repeatedNames);
    exclude(exclusions, 'same-name-in-another-file', e.namesSeenInAnotherFile);
    const names = e.names.filter((n) => {
      const ok = letterCount(n) >= 2;
      if (!ok) exclude(exclusions, 'too-short');
      return ok;
    });
    const candidates: Candidate[] = [];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = names[i] ?? '';
        const b = names[j] ?? '';
        const reason = positiveExclusion(a, b, e.type, rules);
        if (reason !== undefined) {
          exclude(exclusions, reason);
          continue;
        }
        const side = (name: string): { name: string; japanese: boolean } => ({ name, japanese: e.japaneseContext });
        candidates.push({ a, b, kind: positiveKind(side(a), side(b), e.type, forms) });
      }
    }
    const chosen = chooseVaried(candidates, PAIRS_PER_ENTITY);
    exclude(exclusions, 'entity-cap', candidates.length - chosen.length);
    for (const c of chosen) {
      const key = pairKey(c.a, c.b);
      if (seen.has(key)) {
        exclude(exclusions, 'duplicate-pair');
        continue;
      }
      seen.add(key);
      pairs.push({
        a: c.a,
        b: c.b,
        match: true,
        kind: c.kind,
        type: e.type,
        half: halfOf(e.group),
        group: e.group,
        source: e.source,
      });
    }
  }
  return pairs;
}
