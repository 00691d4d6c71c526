// `GET …/yente/catalog`: unshell's sources as yente's data catalog (DataCatalogModel), `default` collecting them.
import type { Corpus } from '../../corpus.js';
import { DEFAULT_DATASET, datasetNameOf } from './yente-datasets.js';

export interface CatalogDataset {
  name: string;
  title: string;
  summary: string | null;
  /** The snapshot the index holds: every dataset of one snapshot shares its id as version. */
  version: string;
  updated_at: string | null;
  last_export: string | null;
  entity_count: number | null;
  load: boolean;
  index_version: string;
  index_current: boolean;
  children: string[];
}

export interface Catalog {
  datasets: CatalogDataset[];
  current: string[];
  outdated: string[];
  index_stale: boolean;
}

const at = (date: string | null): string | null => (date === null ? null : `${date.slice(0, 10)}T00:00:00`);

export function yenteCatalog(corpus: Corpus): Catalog {
  const { snapshotId, builtAt, sources } = corpus.info;
  const builtAtSeconds = builtAt.slice(0, 19);
  const datasets: CatalogDataset[] = sources.map((s) => {
    const fresh = corpus.freshness.get(s.code);
    return {
      name: datasetNameOf(s.code),
      title: s.name,
      summary: `${s.records.toLocaleString('en')} records from ${s.name}`,
      version: snapshotId,
      // Changes applied live after load date the source later than the snapshot does.
      updated_at: fresh === undefined ? at(s.as_of) : new Date(fresh.appliedAt).toISOString().slice(0, 19),
      last_export: builtAtSeconds,
      entity_count: s.records,
      load: true,
      index_version: snapshotId,
      index_current: true,
      children: [],
    };
  });
  datasets.unshift({
    name: DEFAULT_DATASET,
    title: 'Every source',
    summary: 'Every source of this snapshot, resolved into one set of entities',
    version: snapshotId,
    updated_at: builtAtSeconds,
    last_export: builtAtSeconds,
    entity_count: corpus.entities.size,
    load: false,
    index_version: snapshotId,
    index_current: true,
    children: datasets.map((d) => d.name),
  });
  return { datasets, current: datasets.filter((d) => d.load).map((d) => d.name), outdated: [], index_stale: false };
}
