// Restores the semantic side of a snapshot: the SIF embedder from the stored vocabulary, and the HNSW index.
import path from 'node:path';
import { SemanticIndex } from '../../engine/semantic/semantic-index.js';
import { SifEmbedder } from '../../engine/semantic/sif-embedder.js';
import { VectorIndex } from '../../engine/semantic/vector-index.js';
import type { ByEntityIndex } from '../../engine/store/by-entity.js';
import type { EntityTable } from '../../engine/store/entity-table.js';
import { SnapshotError } from '../format/manifest.js';
import {
  REQUIRED_SEMANTIC,
  SEMANTIC_FAMILIES,
  type SemanticMeta,
  type VocabularyChunk,
} from '../format/semantic-chunks.js';
import type { SnapshotFiles } from './snapshot-files.js';

const float32s = (b: Uint8Array): Float32Array => new Float32Array(Uint8Array.from(b).buffer);

/** A corpus without semantic search (used while a snapshot is being built). */
export function noSemanticIndex(entities: EntityTable, clusters: ByEntityIndex): SemanticIndex {
  return new SemanticIndex(entities, clusters, null, VectorIndex.create(1, 1), new Uint8Array(entities.size));
}

export async function loadSemanticIndex(
  files: SnapshotFiles,
  entities: EntityTable,
  clusters: ByEntityIndex,
): Promise<SemanticIndex> {
  for (const family of REQUIRED_SEMANTIC) {
    if (!files.has(family))
      throw new SnapshotError(`snapshot ${files.dir} is incomplete: the manifest lists no "${family}" files`);
  }
  const words: string[] = [];
  const weightRuns: Float32Array[] = [];
  const vectorRuns: Float32Array[] = [];
  await files.walk(SEMANTIC_FAMILIES.vocabulary, (rec) => {
    const c = rec as VocabularyChunk;
    for (const w of c.words) words.push(w);
    weightRuns.push(float32s(c.weights));
    vectorRuns.push(float32s(c.vectors));
  });
  const metas: SemanticMeta[] = [];
  await files.walk(SEMANTIC_FAMILIES.meta, (rec) => metas.push(rec as SemanticMeta));
  const meta = metas[0];
  if (meta === undefined) throw new SnapshotError(`snapshot ${files.dir}: no semantic metadata record`);
  const join = (runs: Float32Array[]): Float32Array => {
    const out = new Float32Array(runs.reduce((n, r) => n + r.length, 0));
    let at = 0;
    for (const r of runs) {
      out.set(r, at);
      at += r.length;
    }
    return out;
  };
  const vectors = join(vectorRuns);
  if (vectors.length !== words.length * meta.dimensions)
    throw new SnapshotError(
      `snapshot ${files.dir}: the semantic vocabulary holds ${vectors.length} values for ${words.length} words`,
    );
  const common = float32s(meta.common);
  const embedder = new SifEmbedder(
    {
      words,
      weights: join(weightRuns),
      vectors,
      dimensions: meta.dimensions,
      common: common.length === 0 ? null : common,
    },
    meta.model,
  );
  const tiers = new Uint8Array(Uint8Array.from(meta.tiers));
  if (tiers.length !== entities.size)
    throw new SnapshotError(`snapshot ${files.dir}: ${tiers.length} embedding tiers for ${entities.size} entities`);

  const [hnsw] = files.of(SEMANTIC_FAMILIES.hnsw);
  if (hnsw === undefined) throw new SnapshotError(`snapshot ${files.dir}: no HNSW index file`);
  await files.reader.family(SEMANTIC_FAMILIES.hnsw); // its size and checksum verified before the native reader sees it
  const index = VectorIndex.read(path.join(files.dir, hnsw.path), meta.dimensions, hnsw.records + 1024);
  if (index.size !== hnsw.records)
    throw new SnapshotError(
      `snapshot ${files.dir}: the HNSW index holds ${index.size} vectors, the manifest says ${hnsw.records}`,
    );
  return new SemanticIndex(entities, clusters, embedder, index, tiers);
}
