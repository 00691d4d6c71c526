// The labelled set of entity resolution: its format, its derivation from published evidence, and pairwise scoring.
import { z } from 'zod';
import type { EntityRecord } from '../engine/model/records.js';
import { normaliseName } from '../engine/names/index.js';
import { linkingKeys } from '../engine/resolution/linking.js';
import { valuesByScheme } from '../snapshots/build/identifier-links.js';

const LabelSetSchema = z.object({
  /** Records of one real-world entity each (a cluster of one: no other labelled record is that entity). */
  clusters: z.array(z.object({ ids: z.array(z.string()).min(1), note: z.string() })),
  /** Pairs known to be different entities although something (a name) makes them look alike. */
  different: z.array(z.object({ a: z.string(), b: z.string(), note: z.string() })),
});
export type LabelSet = z.infer<typeof LabelSetSchema>;
export const LabelsSchema = z.object({ description: z.string(), sets: z.record(z.string(), LabelSetSchema) });
export type Labels = z.infer<typeof LabelsSchema>;

/**
 * Document schemes whose numbers, shared by records of two publishers, say they are one entity. The matcher
 * never reads them, so labels drawn from them measure it without circularity.
 */
const DOCUMENTS = new Set(['passport', 'national-id', 'tax-id', 'inn', 'ogrn', 'registration-number', 'identifier']);

/** The number-like tokens of a document value ("TIN: 183111242572" → 183111242572), six characters or more. */
function documentTokens(value: string): string[] {
  return value
    .toUpperCase()
    .split(/[^0-9A-Z]+/)
    .filter((t) => t.length >= 6 && /\d/.test(t));
}

const publisher = (id: string): string => id.slice(0, id.indexOf(':'));

/**
 * Labels from evidence independent of names: records of different publishers sharing a document number (a
 * number on records of one publisher, or on more than two records, is ambiguous and ignored), and records citing
 * another's list reference. Negatives: records of different publishers with the same normalised name that
 * publish different references of one list, or birth years more than two years apart, with no shared document.
 */
export function deriveLabels(records: readonly EntityRecord[]): LabelSet {
  const people = records.filter((r) => r.type !== 'asset');
  const byId = new Map(people.map((r) => [r.id, r]));
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r)) r = parent.get(r) as string;
    return r;
  };
  const evidence = new Map<string, string[]>();
  const join = (a: string, b: string, why: string): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(rb, ra);
    const root = find(a);
    evidence.set(
      root,
      [...(evidence.get(ra) ?? []), ...(evidence.get(rb) ?? []), why].filter((w, i, all) => all.indexOf(w) === i),
    );
    if (rb !== root) evidence.delete(rb);
    if (ra !== root) evidence.delete(ra);
  };

  const holders = new Map<string, Set<string>>();
  for (const r of people) {
    for (const ident of r.identifiers) {
      if (!DOCUMENTS.has(ident.scheme)) continue;
      for (const t of documentTokens(ident.value)) holders.set(t, (holders.get(t) ?? new Set()).add(r.id));
    }
  }
  for (const [token, ids] of holders) {
    const list = [...ids];
    if (list.length !== 2 || publisher(list[0] as string) === publisher(list[1] as string)) continue;
    const [a, b] = list as [string, string];
    if (byId.get(a)?.type !== byId.get(b)?.type) continue;
    join(a, b, `both publish document number ${token}`);
  }
  for (const r of people) {
    for (const ident of r.identifiers) {
      const cited = `${ident.scheme}:${ident.value}`;
      if (cited !== r.id && publisher(cited) !== publisher(r.id) && byId.has(cited))
        join(r.id, cited, `${r.id} cites list reference ${cited}`);
    }
  }

  const members = new Map<string, string[]>();
  for (const id of [...parent.keys(), ...[...parent.values()]]) {
    const root = find(id);
    const list = members.get(root) ?? [];
    if (!list.includes(id)) list.push(id);
    members.set(root, list);
  }
  const clusters = [...members].map(([root, ids]) => ({
    ids: ids.sort(),
    note: (evidence.get(root) ?? []).join('; '),
  }));

  // Hard negatives among records that look alike by name.
  const byName = new Map<string, EntityRecord[]>();
  for (const r of people) {
    const key = normaliseName(r.name).key;
    if (key.split(' ').length >= 2) byName.set(`${r.type} ${key}`, [...(byName.get(`${r.type} ${key}`) ?? []), r]);
  }
  const different: LabelSet['different'] = [];
  const labelled = new Set(clusters.flatMap((c) => c.ids));
  for (const group of byName.values()) {
    if (group.length > 6) continue;
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const a = group[i] as EntityRecord;
        const b = group[j] as EntityRecord;
        if (
          publisher(a.id) === publisher(b.id) ||
          (labelled.has(a.id) && labelled.has(b.id) && find(a.id) === find(b.id))
        )
          continue;
        const why = differentEvidence(a, b);
        if (why !== null) different.push({ a: a.id, b: b.id, note: `same name "${a.name}" / "${b.name}"; ${why}` });
      }
    }
  }
  return { clusters: clusters.sort((x, y) => (x.ids[0] as string).localeCompare(y.ids[0] as string)), different };
}

function differentEvidence(a: EntityRecord, b: EntityRecord): string | null {
  const theirs = valuesByScheme(
    linkingKeys([...a.identifiers, { scheme: publisher(a.id), value: a.id.slice(a.id.indexOf(':') + 1) }]),
  );
  const mine = valuesByScheme(
    linkingKeys([...b.identifiers, { scheme: publisher(b.id), value: b.id.slice(b.id.indexOf(':') + 1) }]),
  );
  for (const [scheme, values] of mine) {
    const other = theirs.get(scheme);
    if (other !== undefined && ![...values].some((v) => other.has(v)))
      return `different ${scheme} references (${[...other].join(',')} vs ${[...values].join(',')})`;
  }
  const ya = a.birth_date === null ? null : Number(a.birth_date.slice(0, 4));
  const yb = b.birth_date === null ? null : Number(b.birth_date.slice(0, 4));
  if (ya !== null && yb !== null && Math.abs(ya - yb) > 2) return `born ${a.birth_date} vs ${b.birth_date}`;
  return null;
}

export interface PairwiseScore {
  records: number;
  goldPairs: number;
  predictedPairs: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Labelled `different` pairs that ended in one cluster. */
  mergedDifferent: number;
}

/** Pairwise precision and recall of predicted clusters (`clusterOf`) on the labelled records. */
export function scoreClusters(set: LabelSet, clusterOf: (id: string) => string | undefined): PairwiseScore {
  const gold = new Map<string, number>();
  set.clusters.forEach((c, i) => {
    for (const id of c.ids) if (clusterOf(id) !== undefined) gold.set(id, i);
  });
  const ids = [...gold.keys()];
  let goldPairs = 0;
  let predictedPairs = 0;
  let truePositives = 0;
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const a = ids[i] as string;
      const b = ids[j] as string;
      const same = gold.get(a) === gold.get(b);
      const predicted = clusterOf(a) === clusterOf(b);
      if (same) goldPairs++;
      if (predicted) predictedPairs++;
      if (same && predicted) truePositives++;
    }
  }
  const merged = set.different.filter((d) => clusterOf(d.a) !== undefined && clusterOf(d.a) === clusterOf(d.b));
  const mergedDifferent = merged.length;
  // Pairs with both records in labelled clusters were counted above already.
  predictedPairs += merged.filter((d) => !(gold.has(d.a) && gold.has(d.b))).length;
  const precision = predictedPairs === 0 ? 1 : truePositives / predictedPairs;
  const recall = goldPairs === 0 ? 1 : truePositives / goldPairs;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { records: ids.length, goldPairs, predictedPairs, truePositives, precision, recall, f1, mergedDifferent };
}
