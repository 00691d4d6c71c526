// The JSON-files baseline for load-to-ready: reads entities and relationships written as JSON lines, the way a service
// kept in JSON files would start (a Map of records by id, an adjacency list per entity). Run by baselines.ts in a fresh process.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface JsonLoadResult {
  load_ms: number;
  peak_rss_mb: number;
  heap_used_mb: number;
}

async function lines(file: string, each: (line: string) => void): Promise<void> {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (line !== '') each(line);
}

async function main(dir: string, ids: string[]): Promise<void> {
  const t0 = performance.now();
  const entities = new Map<string, unknown>();
  await lines(path.join(dir, 'entities.jsonl'), (line) => {
    const e = JSON.parse(line) as { id: string };
    entities.set(e.id, e);
  });
  const relationships: unknown[] = [];
  const adjacency = new Map<string, number[]>();
  const link = (id: string, r: number): void => {
    const list = adjacency.get(id);
    if (list === undefined) adjacency.set(id, [r]);
    else list.push(r);
  };
  await lines(path.join(dir, 'relationships.jsonl'), (line) => {
    const r = JSON.parse(line) as { source: string; target: string };
    const at = relationships.push(r) - 1;
    if (r.source === r.target) return;
    link(r.source, at);
    link(r.target, at);
  });
  const loadMs = Math.round(performance.now() - t0);
  const mem = process.memoryUsage();
  const answers = ids.map((id) => ({
    id,
    record: entities.get(id) ?? null,
    relationships: adjacency.get(id)?.length ?? 0,
  }));
  process.stdout.write(
    `${JSON.stringify({ load_ms: loadMs, peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024), heap_used_mb: Math.round(mem.heapUsed / 2 ** 20), answers })}\n`,
  );
}

const [dir, ...ids] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: json-load.js DIR [ID …]');
  process.exit(2);
}
await main(dir, ids);
