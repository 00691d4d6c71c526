// Which entities a yente request may answer with: the path's dataset, the datasets and schemata the caller includes
// or excludes, topics and a change date, decided once per entity cluster.
import type { Corpus } from '../../corpus.js';
import { ftmSchemaOf } from '../ftm/ftm-entity.js';
import { FTM_MODEL } from '../ftm/ftm-model.js';
import { entityDatasets } from './yente-datasets.js';
import type { YenteEntity } from './yente-entity.js';

export interface ScopeOptions {
  /** The datasets of the path (`default` is every source). */
  datasets: readonly string[];
  includeDatasets: readonly string[];
  excludeDatasets: readonly string[];
  excludeSchemata: readonly string[];
  /** Entities carrying none of these topics are left out; empty keeps all. */
  topics: readonly string[];
  /** Only entities whose sources changed them on or after this instant (`YYYY-MM-DD[Thh[:mm[:ss]]]`). */
  changedSince: string | null;
  /** Entity ids (canonical or merged) the caller has already judged. */
  excludeIds: readonly string[];
}

/** Every entity of these datasets, nothing left out: the scope of screening and reconciliation. */
export function wholeScope(datasets: readonly string[]): ScopeOptions {
  return {
    datasets,
    includeDatasets: [],
    excludeDatasets: [],
    excludeSchemata: [],
    topics: [],
    changedSince: null,
    excludeIds: [],
  };
}

/** Query schema and candidate schema → whether one is the other: a few dozen pairs, asked for every candidate. */
const COMPATIBLE = new Map<string, boolean>();

export class MatchScope {
  readonly #corpus: Corpus;
  readonly #options: ScopeOptions;
  readonly #excludedClusters: Set<number>;
  readonly #decided = new Map<number, boolean>();
  /** Nothing to decide: every source, no schema or entity left out (most requests, and every screening). */
  readonly #everything: boolean;

  constructor(corpus: Corpus, options: ScopeOptions) {
    this.#corpus = corpus;
    this.#options = options;
    const sources = corpus.info.sources.length;
    this.#everything =
      options.datasets.length >= sources &&
      options.includeDatasets.length === 0 &&
      options.excludeDatasets.length === 0 &&
      options.excludeSchemata.length === 0 &&
      options.excludeIds.length === 0;
    this.#excludedClusters = new Set(
      options.excludeIds.flatMap((id) => {
        const ix = corpus.entities.indexOf(id);
        return ix === undefined ? [] : [corpus.entities.cluster(ix)];
      }),
    );
  }

  /** Whether the schema of a candidate can answer a query of `querySchema` (a Person is a LegalEntity, not a Company). */
  static compatible(querySchema: string, candidateSchema: string): boolean {
    const key = `${querySchema} ${candidateSchema}`;
    let known = COMPATIBLE.get(key);
    if (known === undefined) {
      const q = FTM_MODEL.getSchema(querySchema);
      const c = FTM_MODEL.getSchema(candidateSchema);
      known = c.isA(q) || q.isA(c);
      COMPATIBLE.set(key, known);
    }
    return known;
  }

  /** Whether the cluster of canonical record `cluster` is in scope, before its entity is built. */
  admits(cluster: number): boolean {
    if (this.#everything) return true;
    const known = this.#decided.get(cluster);
    if (known !== undefined) return known;
    const verdict = this.#decide(cluster);
    this.#decided.set(cluster, verdict);
    return verdict;
  }

  /** Whether `admitsEntity` can refuse: only then must every candidate's entity be built to count the matches. */
  get filtersEntities(): boolean {
    return this.#options.topics.length > 0 || this.#options.changedSince !== null;
  }

  /** What only the built entity tells: its topics and when it last changed. */
  admitsEntity(entity: YenteEntity): boolean {
    const o = this.#options;
    if (o.topics.length > 0 && !o.topics.some((t) => entity.properties['topics']?.includes(t))) return false;
    if (o.changedSince !== null && (entity.last_change === null || entity.last_change < o.changedSince)) return false;
    return true;
  }

  #decide(cluster: number): boolean {
    const o = this.#options;
    if (this.#excludedClusters.has(cluster)) return false;
    if (o.excludeSchemata.includes(ftmSchemaOf(this.#corpus.entities.record(cluster)))) return false;
    const datasets = entityDatasets(this.#corpus, cluster);
    if (!datasets.some((d) => o.datasets.includes(d))) return false;
    if (o.includeDatasets.length > 0 && !datasets.some((d) => o.includeDatasets.includes(d))) return false;
    return !datasets.some((d) => o.excludeDatasets.includes(d));
  }
}
