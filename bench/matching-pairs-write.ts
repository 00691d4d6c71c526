// Writes the fixture as JSON with one pair per line, so that a rebuild's diff shows the pairs that changed.
import { byCodeUnit } from './matching-pairs-text.js';
import type { Exclusions, LabelledPair } from './matching-pairs-types.js';

export interface FixtureInput {
  readonly description: string;
  readonly builtFrom: readonly string[];
  /** Every known kind, so that a kind with no pair still shows up with zeros. */
  readonly kinds: readonly string[];
  readonly pairs: readonly LabelledPair[];
  readonly exclusions: Exclusions;
}

function countsOf(input: FixtureInput): object {
  const byKind: Record<string, { positives: number; negatives: number }> = {};
  for (const k of input.kinds) byKind[k] = { positives: 0, negatives: 0 };
  for (const p of input.pairs) {
    const c = (byKind[p.kind] ??= { positives: 0, negatives: 0 });
    if (p.match) c.positives++;
    else c.negatives++;
  }
  const excluded: Record<string, number> = {};
  for (const reason of [...input.exclusions.keys()].sort(byCodeUnit))
    excluded[reason] = input.exclusions.get(reason) ?? 0;
  const positives = input.pairs.filter((p) => p.match).length;
  return { positives, negatives: input.pairs.length - positives, by_kind: byKind, excluded };
}

/** The fields of a pair in a fixed order; group_b only on negatives. */
function pairLine(p: LabelledPair): string {
  const fields: Record<string, unknown> = {
    a: p.a,
    b: p.b,
    match: p.match,
    kind: p.kind,
    type: p.type,
    half: p.half,
    group: p.group,
  };
  if (p.group_b !== undefined) fields['group_b'] = p.group_b;
  fields['source'] = p.source;
  return `    ${JSON.stringify(fields)}`;
}

export function writeFixture(input: FixtureInput): string {
  const head = JSON.stringify(
    { description: input.description, built_from: input.builtFrom, counts: countsOf(input) },
    null,
    2,
  );
  return `${head.slice(0, -2)},\n  "pairs": [\n${input.pairs.map(pairLine).join(',\n')}\n  ]\n}\n`;
}
