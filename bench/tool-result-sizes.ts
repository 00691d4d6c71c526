// The largest result each MCP tool gives over a whole snapshot, against the tool server's result limit.
// Usage: node dist/bench/tool-result-sizes.js [SNAPSHOT_DIR]   (without a directory: builds the demo corpus first)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Capability, Context } from '../engine/app/contract/capability.js';
import { CAPABILITIES } from '../engine/app/capabilities/registry.js';
import { parseInput } from '../engine/app/contract/validate.js';
import { loadConfig } from '../engine/app/config.js';
import { ServiceError } from '../engine/errors/service-error.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, demoSources } from '../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { anonymousCaller } from '../engine/app/accounts/plans.js';
import { MAX_RESULT_CHARS } from '../server/mcp/tool-from-capability.js';

/** The input of each per-entity tool for one entity id; tools over whole lists take their largest page. */
const PER_ENTITY: Record<string, (id: string) => Record<string, unknown>> = {
  get_entity: (id) => ({ id }),
  get_dossier: (id) => ({ id }),
  trace_ownership_path: (id) => ({ root: id, max_depth: 10 }),
  get_sanctions: (id) => ({ id }),
  check_offshore_exposure: (id) => ({ id }),
  get_company_details: (id) => ({ id }),
  get_financials: (id) => ({ id }),
  find_similar: (id) => ({ id, k: 50 }),
  lookup_company: (id) => ({ number: id.startsWith('gb-coh:') ? id.slice(7) : 'none' }),
};
const FIXED: Record<string, Record<string, unknown>[]> = {
  search_entities: ['limited', 'holdings', 'a', 'john smith'].map((q) => ({ q, limit: 50 })),
  search_companies: ['limited', 'holdings'].map((q) => ({ q, limit: 50 })),
  get_pulse: [{ limit: 100 }, { limit: 100, kind: 'ownership' }, { limit: 100, kind: 'filing' }],
  resolve: [
    { queries: Array.from({ length: loadConfig({}, {}).limits.anonymousBatch }, (_, i) => `holdings limited ${i}`) },
  ],
  semantic_search: [{ q: 'sanctioned businessman', k: 50 }],
};

async function main(): Promise<void> {
  const log = (line: string): void => console.error(line);
  const given = process.argv[2];
  const tmp = given === undefined ? mkdtempSync(path.join(tmpdir(), 'unshell-sizes-')) : null;
  const dir = given ?? path.join(tmp ?? '', 'demo');
  if (given === undefined) {
    await buildSnapshot({ out: dir, sources: demoSources(), sourceNames: SOURCE_NAMES, log });
  }
  const corpus = await loadSnapshot(dir, { log });
  const config = loadConfig({}, {});
  const ctx: Context = { corpus, config, caller: anonymousCaller(config), now: new Date() };
  const largest = new Map<string, { chars: number; input: string; calls: number }>();
  const measure = async (c: Capability, raw: Record<string, unknown>): Promise<void> => {
    let text: string;
    try {
      text = JSON.stringify(await c.run(ctx, parseInput(c, raw)));
    } catch (err) {
      if (err instanceof ServiceError && err.code !== 'internal') return;
      throw err;
    }
    const best = largest.get(c.tool!) ?? { chars: 0, input: '', calls: 0 };
    best.calls++;
    if (text.length > best.chars) Object.assign(best, { chars: text.length, input: JSON.stringify(raw) });
    largest.set(c.tool!, best);
  };
  for (const c of CAPABILITIES) {
    if (c.tool === null) continue;
    const perEntity = PER_ENTITY[c.tool];
    if (perEntity !== undefined) for (const id of corpus.entities.ids) await measure(c, perEntity(id));
    for (const raw of FIXED[c.tool] ?? []) await measure(c, raw);
  }
  console.log(`${corpus.entities.size} entities; result limit ${MAX_RESULT_CHARS} characters\n`);
  console.log('| tool | calls | largest result (chars) | input |\n|---|---:|---:|---|');
  for (const [tool, r] of [...largest].sort((a, b) => b[1].chars - a[1].chars))
    console.log(`| ${tool} | ${r.calls} | ${r.chars} | \`${r.input}\` |`);
  if (tmp !== null) rmSync(tmp, { recursive: true, force: true });
}

await main();
