import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      // One line: the error and where the flags are listed, never the whole usage.
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, /^unshell: bench: .*\(unshell bench --help lists the flags\)\n$/);
    }
  });

  it('measures a small synthetic corpus end to end and writes RESULTS.md and results.json to --out', async () => {
    const out = path.join(work, 'out');
    const scale = '2,000 synthetic';
    // An earlier run measured this scale against PostgreSQL; this run, without --peers, keeps that comparison with its stamp.
    const summary = { ops: 200, p50_us: 20, p99_us: 40, max_us: 90, mean_us: 22, ops_per_s: 45_000 };
    const earlier = {
      scale,
      serve: { entities: 2000 },
      peers: {
        postgres_version: 'PostgreSQL 15.0',
        entities: 2000,
        relationships: 63_242,
        load: { copy_ms: 1000, index_ms: 2000 },
        workloads: [
          {
            name: 'entity lookup with its connections',
            unshell: summary,
            postgres: { ...summary, p50_us: 400 },
            agree: 200,
            checked: 200,
            check: 'same name',
          },
        ],
      },
      http: null,
      measured: {
        date: '2026-01-02',
        command: 'npm run bench -- --entities 2000 --peers postgres',
        seconds: 100,
        reused: false,
      },
    };
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'results.json'), JSON.stringify({ results: [earlier] }));
    const r = await runCli([
      'bench',
      '--entities',
      '2000',
      '--ops',
      '60',
      '--no-http',
      '--live-events',
      '4000',
      '--no-semantic-eval',
      '--no-background',
      '--skip-importers',
      '--out',
      out,
      '--work',
      path.join(work, 'snapshots'),
    ]);
    assert.equal(r.code, 0, r.stderr);
    const md = readFileSync(path.join(out, 'RESULTS.md'), 'utf8');
    for (const section of ['targets', 'scale', 'baselines', 'access', 'live'])
      assert.match(md, new RegExp(`<!-- section:${section} -->`), section);
    assert.match(md, /\| 1M: load-to-ready < 15 s \| not measured \|/);
    assert.match(
      md,
      /\| 2,000 synthetic: replay at start after 4,000 journalled events < 10 s \(from the newest checkpoint\) \| [\d.]+ s \| met \|/,
    );
    // A checkpoint was folded and the restart replayed what came after it: a whole journal is never replayed here.
    assert.match(md, /\| 2,000 synthetic \| 4,000 \|.* \| [\d.]+ s \| [\d.]+ s \| [\d.]+ s \((\d[\d,]*) changes\) \|/);
    const json = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as {
      results: ScaleResult[];
      runs: Array<{ command: string; minutes: number; scales: string[] }>;
    };
    // This run's whole time is recorded once its last section is written; the earlier run recorded none.
    assert.equal(json.runs.length, 1);
    assert.match(json.runs[0]?.command ?? '', /--entities 2000 --ops 60/);
    assert.deepEqual(json.runs[0]?.scales, ['2000']);
    assert.ok((json.runs[0]?.minutes ?? -1) >= 0);
    assert.match(
      md,
      /Whole runs, from start to the last section written: `npm run bench -- --entities 2000 --ops 60 [^`]*`, \d{4}-\d\d-\d\d: [\d.]+ min\./,
    );
    const demo = json.results[0] as ScaleResult;
    assert.equal(demo.scale, scale);
    assert.ok(demo.serve.entities >= 2000 && demo.serve.load_ms > 0);
    for (const workload of [
      'entity lookup (get_entity)',
      'name search (with type+jurisdiction filter)',
      'resolve (batch of 100)',
      'ownership path (companies, max_depth 6)',
      'dossier (companies)',
      'sanctions exposure (companies)',
      'semantic search (k 10)',
      'pulse page (limit 50)',
      'yente match (one query by example)',
    ]) {
      const w = demo.serve.workloads[workload];
      assert.ok(w !== undefined && w.ops > 0 && w.p50_us > 0, workload);
    }
    // The baselines answered what unshell answers on their samples.
    assert.ok(demo.baselines !== null);
    assert.ok(demo.baselines.knn.recall > 0.9, `HNSW recall@10 ${demo.baselines.knn.recall}`);
    assert.ok(demo.baselines.json !== null);
    assert.equal(demo.baselines.json.agree, demo.baselines.json.checked);
    assert.deepEqual(demo.peers, earlier.peers);
    assert.deepEqual(demo.carried, {
      peers: { date: '2026-01-02', command: 'npm run bench -- --entities 2000 --peers postgres' },
    });
    assert.match(
      md,
      /## Against PostgreSQL\n\nMeasured with `npm run bench -- --entities 2000 --peers postgres`, 2026-01-02\./,
    );
    assert.match(
      md,
      /\| 2,000 synthetic: ≥ 10× faster than PostgreSQL, entity lookup with its connections \| 20 × \| met \|/,
    );
    // The list screened in-process, with its rate.
    assert.ok((demo.serve.screening?.rows ?? 0) > 0 && (demo.serve.screening?.rows_per_s ?? 0) > 0);
    assert.match(md, /\| 2,000 synthetic \| 200 \| [\d,]+ \| [\d.]+ s \| [\d,]+ \|/);
    // Background embedding was left out: its section is not written.
    assert.doesNotMatch(md, /section:semantic-background/);
  });
});
