// unshell's sources as the datasets of a yente catalog: `default` holds them all, each source is one of its own.
import type { Corpus } from '../../corpus.js';
import { notFound } from '../../errors/service-error.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';

/** The collection of every source, as yente names its whole catalog. */
export const DEFAULT_DATASET = 'default';

/** FollowTheMoney dataset names are slugs with underscores: the source `gb-coh` is the dataset `gb_coh`. */
export const datasetNameOf = (sourceCode: string): string => sourceCode.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** The dataset names of the corpus's sources, in the order the snapshot lists them. */
export function sourceDatasets(corpus: Corpus): string[] {
  return corpus.info.sources.map((s) => datasetNameOf(s.code));
}

/** The datasets a path or parameter may name: `default` for all, or one source; `not_found` for others. */
export function requireDataset(corpus: Corpus, name: string): readonly string[] {
  const all = sourceDatasets(corpus);
  if (name === DEFAULT_DATASET) return all;
  if (all.includes(name)) return [name];
  throw notFound('dataset', name);
}

/** The datasets an entity's cluster draws on: the sources of every record of it, each once. */
export function entityDatasets(corpus: Corpus, ix: number): string[] {
  const out = new Set<string>();
  for (const member of clusterMembers(corpus, ix))
    for (const p of corpus.entities.record(member).provenance) out.add(datasetNameOf(p.source));
  return [...out].sort();
}
