// Adds semantic search to a built snapshot: the query vocabulary, policy tiers and an HNSW index of the first clusters.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Corpus } from '../../engine/corpus.js';
import { missing } from '../../engine/errors/missing.js';
import { TIER_OTHER, embeddingOrder, recordTier } from '../../engine/semantic/embed-policy.js';
import { clusterText } from '../../engine/semantic/entity-text.js';
import {
  SifEmbedder,
  firstComponent,
  normalise,
  removeComponent,
  sifWeight,
} from '../../engine/semantic/sif-embedder.js';
import { tokens } from '../../engine/semantic/tokenize.js';
import { VectorIndex } from '../../engine/semantic/vector-index.js';
import { bytesOf } from '../format/columns.js';
import { MANIFEST_FILE, snapshotId, type Manifest, type SnapshotFile } from '../format/manifest.js';
import { SEMANTIC_FAMILIES, type SemanticMeta, type VocabularyChunk } from '../format/semantic-chunks.js';
import { NO_PROGRESS, type PassProgress } from '../../engine/runtime/pass-progress.js';
import { ShardWriter } from '../format/shard-writer.js';
import { loadSnapshot } from '../load/load-snapshot.js';
import { readWordVectors, type WordVectors } from './word-vectors.js';

/** Clusters embedded at build time by default: every risk-listed and leak record of a large corpus, then companies. */
export const DEFAULT_BUILD_EMBED = 100_000;
/** The most frequent English words kept beside the corpus's own, so that free-text queries find their words. */
export const GENERAL_VOCABULARY = 40_000;
/** Clusters the common component is estimated from. */
const COMMON_SAMPLE = 20_000;
const CHUNK = 8192;

export interface SemanticBuildOptions {
  /** Clusters to embed at build time, in policy order; the rest are embedded by the serving process. */
  embed?: number;
  generalVocabulary?: number;
  /** Reads the word vectors (default: the compact file, `readWordVectors`); the benchmark compares other readers. */
  readVectors?: (keep: (word: string, rank: number) => boolean) => WordVectors;
}

export interface SemanticBuildResult {
  files: SnapshotFile[];
  /** Clusters embedded at build time, of all clusters. */
  embedded: number;
  clusters: number;
  vocabulary: number;
  vocabularyBytes: number;
  /** Time to embed the clusters and insert them into the HNSW graph. */
  hnswMs: number;
}

function tiersOf(corpus: Corpus): Uint8Array {
  const { entities } = corpus;
  const tiers = new Uint8Array(entities.size).fill(TIER_OTHER);
  for (let ix = 0; ix < entities.size; ix++) {
    const t = recordTier(entities.record(ix), corpus.listings.byEntity.count(ix) > 0);
    const c = entities.cluster(ix);
    if (t < (tiers[c] ?? missing('embedding tier'))) tiers[c] = t;
  }
  return tiers;
}

function fileEntry(dir: string, rel: string, family: string, records: number): SnapshotFile {
  const buf = readFileSync(path.join(dir, rel));
  return { path: rel, family, records, bytes: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
}

/** Builds the semantic files of the snapshot in `dir` (already complete otherwise) and returns their manifest entries. */
export async function writeSemanticIndex(
  dir: string,
  options: SemanticBuildOptions,
  shardBytes: number,
  log: (line: string) => void,
  progress: PassProgress = NO_PROGRESS,
): Promise<SemanticBuildResult> {
  const started = Date.now();
  const corpus = await loadSnapshot(dir, { semantic: false, textOnly: true });
  const { entities } = corpus;
  const tiers = tiersOf(corpus);
  const order = embeddingOrder(tiers, (ix) => entities.cluster(ix) === ix);

  // Word frequencies of the corpus's own text: SIF weights words by how common they are here and in English.
  const counts = new Map<string, number>();
  let totalTokens = 0;
  const counting = progress('counting words', order.length, 'clusters');
  for (const c of order) {
    counting.advance();
    for (const part of clusterText(corpus, c)) {
      for (const t of tokens(part.text)) {
        counts.set(t, (counts.get(t) ?? 0) + 1);
        totalTokens += 1;
      }
    }
  }
  counting.finish();
  const general = options.generalVocabulary ?? GENERAL_VOCABULARY;
  const wv = (options.readVectors ?? readWordVectors)((w, rank) => rank < general || counts.has(w));
  // The package sorts its words by frequency: Zipf's law turns a rank into a probability.
  const harmonic = Math.log(wv.vocabularySize) + 0.5772;
  const weights = new Float32Array(wv.words.length);
  wv.words.forEach((w, i) => {
    const zipf = 1 / (((wv.ranks[i] ?? missing('word rank')) + 1) * harmonic);
    const local = totalTokens === 0 ? 0 : (counts.get(w) ?? 0) / totalTokens;
    weights[i] = sifWeight((zipf + local) / 2);
  });
  const vocab = { words: wv.words, weights, vectors: wv.vectors, dimensions: wv.dimensions, common: null };
  const plain = new SifEmbedder(vocab);
  log(
    `semantic vocabulary: ${wv.words.length} words (${counts.size} distinct corpus words, ${general} general) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const rawOf = (c: number): Float32Array =>
    plain.raw(clusterText(corpus, c)) ??
    plain.raw([{ text: entities.type(c), weight: 1 }]) ??
    new Float32Array(wv.dimensions);
  const sample: Float32Array[] = [];
  const sampled = Math.min(COMMON_SAMPLE, order.length);
  for (let i = 0; i < sampled; i++)
    sample.push(rawOf(order[Math.floor((i * order.length) / sampled)] ?? missing('embedding order')));
  const common = firstComponent(sample, wv.dimensions) ?? new Float32Array(0);

  const embed = Math.min(options.embed ?? DEFAULT_BUILD_EMBED, order.length);
  const index = VectorIndex.create(wv.dimensions, embed);
  const hnswStarted = Date.now();
  const embedding = progress('embedding clusters', embed, 'clusters');
  for (let i = 0; i < embed; i++) {
    const c = order[i] ?? missing('embedding order');
    const v = rawOf(c);
    if (common.length > 0) removeComponent(v, common);
    index.add(c, normalise(v));
    embedding.advance();
  }
  embedding.finish();
  const hnswMs = Date.now() - hnswStarted;
  log(`embedded ${embed} of ${order.length} clusters at build time; HNSW built in ${(hnswMs / 1000).toFixed(1)} s`);

  const vocabWriter = new ShardWriter(dir, SEMANTIC_FAMILIES.vocabulary, shardBytes);
  const d = wv.dimensions;
  for (let i = 0; i < wv.words.length; i += CHUNK) {
    const end = Math.min(wv.words.length, i + CHUNK);
    vocabWriter.write({
      words: wv.words.slice(i, end),
      weights: bytesOf(weights.slice(i, end)),
      vectors: bytesOf(wv.vectors.slice(i * d, end * d)),
    } satisfies VocabularyChunk);
  }
  const metaWriter = new ShardWriter(dir, SEMANTIC_FAMILIES.meta, shardBytes);
  metaWriter.write({
    model: plain.model,
    dimensions: d,
    common: bytesOf(common),
    tiers: bytesOf(tiers),
    embedded: embed,
  } satisfies SemanticMeta);
  const rel = `${SEMANTIC_FAMILIES.hnsw}/${SEMANTIC_FAMILIES.hnsw}-000.bin`;
  mkdirSync(path.join(dir, SEMANTIC_FAMILIES.hnsw), { recursive: true });
  index.write(path.join(dir, rel));
  const vocabFiles = vocabWriter.finish();
  return {
    files: [...vocabFiles, ...metaWriter.finish(), fileEntry(dir, rel, SEMANTIC_FAMILIES.hnsw, index.size)],
    embedded: embed,
    clusters: order.length,
    vocabulary: wv.words.length,
    vocabularyBytes: vocabFiles.reduce((n, f) => n + f.bytes, 0),
    hnswMs,
  };
}

/** Adds the semantic files to a written manifest: the snapshot id covers them too. */
export async function addSemanticIndex(
  dir: string,
  manifest: Manifest,
  options: SemanticBuildOptions,
  shardBytes: number,
  log: (line: string) => void,
  progress: PassProgress = NO_PROGRESS,
): Promise<{ manifest: Manifest; semantic: SemanticBuildResult }> {
  const semantic = await writeSemanticIndex(dir, options, shardBytes, log, progress);
  const files = [...manifest.files, ...semantic.files];
  const next: Manifest = {
    ...manifest,
    snapshot_id: snapshotId(files, manifest.record_structures),
    counts: { ...manifest.counts, embedded_clusters: semantic.embedded, semantic_vocabulary: semantic.vocabulary },
    files,
  };
  writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(next, null, 2)}\n`);
  return { manifest: next, semantic };
}
