import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ScaleResult } from '../../../bench/run.js';
import { runCli } from '../../helpers/cli.js';

describe('unshell bench', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-bench-test-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('refuses a bad flag value, naming the flag, with exit code 2', async () => {
    for (const [args, flag] of [
      [['--entities', 'lots'], '--entities'],
      [['--ops', '0'], '--ops'],
      [['--peers', 'mysql'], '--peers'],
      [['--fast'], '--fast'],
    ] as const) {
      const r = await runCli(['bench', ...args, '--out', path.join(work, 'refused')]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, new RegExp(flag.replace(/-/g, '\\-')), r.stderr);
      assert.match(r.stderr, /unshell bench \[--entities/);
    }
  });

  it('measures the demo corpus end to end and writes RESULTS.md and results.json to --out', async () => {
    const out = path.join(work, 'out');
    const r = await runCli(['bench', '--entities', 'demo', '--ops', '60', '--no-http', '--no-semantic-eval', '--skip-importers', '--out', out, '--work', path.join(work, 'snapshots')]);
    assert.equal(r.code, 0, r.stderr);
    const md = readFileSync(path.join(out, 'RESULTS.md'), 'utf8');
    for (const section of ['targets', 'scale', 'baselines', 'access']) assert.match(md, new RegExp(`<!-- section:${section} -->`), section);
    assert.match(md, /\| 1M: load-to-ready < 15 s \| not measured \|/);
    const json = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as { results: ScaleResult[] };
    const demo = json.results[0] as ScaleResult;
    assert.equal(demo.scale, 'demo');
    assert.ok(demo.serve.entities > 30_000 && demo.serve.load_ms > 0);
    for (const workload of ['entity lookup (get_entity)', 'name search (with type+jurisdiction filter)', 'resolve (batch of 100)', 'ownership path (companies, max_depth 6)', 'dossier (companies)', 'sanctions exposure (companies)', 'semantic search (k 10)', 'pulse page (limit 50)']) {
      const w = demo.serve.workloads[workload];
      assert.ok(w !== undefined && w.ops > 0 && w.p50_us > 0, workload);
    }
    // The baselines answered what unshell answers on their samples.
    assert.ok(demo.baselines !== null);
    assert.ok(demo.baselines.knn.recall > 0.9, `HNSW recall@10 ${demo.baselines.knn.recall}`);
    assert.ok(demo.baselines.json !== null);
    assert.equal(demo.baselines.json.agree, demo.baselines.json.checked);
  });
});
