// Baselines measured on the same snapshot: exact brute-force k-NN against HNSW, and JSON files against the snapshot
// format for load-to-ready. Run by bench/run.ts as a child; `json-load.js` runs as a fresh grandchild so its memory is its own.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Corpus } from '../engine/corpus.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import type { JsonLoadResult } from './json-load.js';
import { measure, type LatencySummary } from './stats.js';
import { sample } from './sample.js';
import { readEvalSet } from './semantic-eval-set.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const K = 10;

export interface BaselinesResult {
  knn: {
    vectors: number;
    queries: number;
    hnsw: LatencySummary;
    exact: LatencySummary;
    /** Share of the exact top 10 that HNSW also returns (recall@10), over every query timed. */
    recall: number;
  };
  /** Null when the corpus is too large to write as JSON on this machine's disk and memory in reasonable time. */
  json: (JsonLoadResult & { json_bytes: number; snapshot_load_ms: number; agree: number; checked: number }) | null;
}

/** Exact cosine k-NN by a full scan of unit vectors, keeping the best k by insertion: the baseline HNSW is measured against. */
export function exactKnn(matrix: Float32Array, labels: Int32Array, d: number, q: Float32Array, k: number): number[] {
  const best = new Float64Array(k).fill(-Infinity);
  const who = new Int32Array(k).fill(-1);
  for (let i = 0, base = 0; i < labels.length; i++, base += d) {
    let dot = 0;
    for (let j = 0; j < d; j++) dot += (matrix[base + j] as number) * (q[j] as number);
    if (dot <= (best[k - 1] as number)) continue;
    let at = k - 1;
    while (at > 0 && (best[at - 1] as number) < dot) {
      best[at] = best[at - 1] as number;
      who[at] = who[at - 1] as number;
      at--;
    }
    best[at] = dot;
    who[at] = labels[i] as number;
  }
  return [...who].filter((l) => l >= 0);
}

async function knnBaseline(corpus: Corpus, ops: number): Promise<BaselinesResult['knn']> {
  const index = corpus.semantic.index;
  const labels = Int32Array.from(index.labels());
  const d = index.dimensions;
  const matrix = new Float32Array(labels.length * d);
  labels.forEach((label, i) => matrix.set(index.vector(label), i * d));
  // Queries as the service sees them: the evaluation set's descriptions embedded, and stored vectors (similar entities).
  const embedder = corpus.semantic.embedder;
  const text =
    embedder === null
      ? []
      : readEvalSet()
          .queries.map((q) => embedder.embed([{ text: q.q, weight: 1 }]))
          .filter((v): v is Float32Array => v !== null);
  const stored = sample(labels.length, Math.max(0, ops - text.length), 5).map((i) => index.vector(labels[i] as number));
  const queries = [...text, ...stored];
  let hit = 0;
  let total = 0;
  for (const q of queries) {
    const truth = new Set(exactKnn(matrix, labels, d, q, K));
    hit += index.search(q, K).filter((n) => truth.has(n.label)).length;
    total += truth.size;
  }
  return {
    vectors: labels.length,
    queries: queries.length,
    hnsw: await measure(queries, (q) => index.search(q, K)),
    exact: await measure(queries, (q) => exactKnn(matrix, labels, d, q, K)),
    recall: total === 0 ? 1 : Math.round((hit / total) * 1000) / 1000,
  };
}

/** Writes the corpus's entities and relationships as JSON lines, the records exactly as the snapshot stores them. */
async function writeJson(corpus: Corpus, dir: string): Promise<number> {
  const write = async (file: string, n: number, line: (i: number) => unknown): Promise<void> => {
    const out = createWriteStream(path.join(dir, file));
    for (let i = 0; i < n; i++) if (!out.write(`${JSON.stringify(line(i))}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
  };
  await write('entities.jsonl', corpus.entities.size, (ix) => corpus.entities.record(ix));
  await write('relationships.jsonl', corpus.relationships.size, (r) => corpus.relationships.get(r));
  return statSync(path.join(dir, 'entities.jsonl')).size + statSync(path.join(dir, 'relationships.jsonl')).size;
}

async function main(dir: string, ops: number, jsonLimit: number): Promise<void> {
  const t0 = performance.now();
  const corpus = await loadSnapshot(dir);
  const snapshotLoadMs = Math.round(performance.now() - t0);
  const knn = await knnBaseline(corpus, ops);
  let json: BaselinesResult['json'] = null;
  if (corpus.entities.size <= jsonLimit) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-json-'));
    try {
      const jsonBytes = await writeJson(corpus, work);
      const picks = sample(corpus.entities.size, 200, 3).map((ix) => corpus.entities.ids.at(ix) as string);
      const loaded = JSON.parse(
        execFileSync(
          process.execPath,
          ['--max-old-space-size=16384', path.join(here, 'json-load.js'), work, ...picks],
          { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 },
        ),
      ) as JsonLoadResult & { answers: Array<{ id: string; record: unknown; relationships: number }> };
      // Same answers: each sampled entity's record and its number of relationships, as unshell has them.
      let agree = 0;
      for (const a of loaded.answers) {
        const ix = corpus.entities.indexOf(a.id);
        if (
          ix !== undefined &&
          JSON.stringify(corpus.entities.record(ix)) === JSON.stringify(a.record) &&
          corpus.graph.degree(ix) === a.relationships
        )
          agree++;
      }
      json = {
        load_ms: loaded.load_ms,
        peak_rss_mb: loaded.peak_rss_mb,
        heap_used_mb: loaded.heap_used_mb,
        json_bytes: jsonBytes,
        snapshot_load_ms: snapshotLoadMs,
        agree,
        checked: loaded.answers.length,
      };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const result: BaselinesResult = { knn, json };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const [dir, ops, jsonLimit] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: baselines.js SNAPSHOT_DIR [OPS] [JSON_ENTITY_LIMIT]');
  process.exit(2);
}
await main(dir, Number(ops ?? 1000), Number(jsonLimit ?? 1_000_000));
