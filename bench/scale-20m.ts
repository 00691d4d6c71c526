// `npm run bench:20m`: a corpus past V8's 2^24-entry Map limit (20M relationships) is built, loaded and queried.
//
// Not part of the test suite (it takes minutes and gigabytes): it fails loudly, with a non-zero exit, when an
// answer is wrong, and writes its figures to bench/RESULTS.md. The corpus is built for the check, not for realism:
// 1.5M companies in a 4-ary ownership tree (each also owned by one person), 0.5M persons, eight directors per
// company and associations between companies, so that every answer can be derived from the index arithmetic.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../engine/app/config.js';
import type { Context } from '../engine/app/contract/capability.js';
import { dossier } from '../engine/app/capabilities/dossier.js';
import { ownershipPath } from '../engine/app/capabilities/ownership-path.js';
import { parseInput } from '../engine/app/contract/validate.js';
import type { NormalisedRecordInput } from '../engine/model/records.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { writeSection } from './results-file.js';
import { measure } from './stats.js';

const COMPANIES = 1_500_000;
const PERSONS = 500_000;
const DIRECTORS = 8;
const ASSOCIATIONS = 4;
const PROVENANCE = { source: 'synthetic', record_id: 'scale-20m', url: null, retrieved_at: '2026-11-01' };

const company = (i: number): string => `syn20:c${i}`;
const person = (i: number): string => `syn20:p${i}`;
/** The company that owns company i (the 4-ary tree's parent); company 0 is the root. */
const parentOf = (i: number): number => Math.floor((i - 1) / 4);
/** The person who owns a quarter of company i. */
const ownerOf = (i: number): number => (i * 7919) % PERSONS;

function* corpus(): Generator<NormalisedRecordInput> {
  for (let p = 0; p < PERSONS; p++)
    yield {
      record: 'entity',
      id: person(p),
      type: 'person',
      name: `Person ${p}`,
      jurisdiction: 'GB',
      provenance: [PROVENANCE],
    };
  for (let c = 0; c < COMPANIES; c++) {
    yield {
      record: 'entity',
      id: company(c),
      type: 'company',
      name: `Company ${c} Limited`,
      jurisdiction: c % 13 === 0 ? 'VG' : 'GB',
      provenance: [PROVENANCE],
    };
  }
  for (let c = 0; c < COMPANIES; c++) {
    if (c > 0)
      yield {
        record: 'relationship',
        source: company(parentOf(c)),
        target: company(c),
        kind: 'ownership',
        role: 'shareholder',
        share: { min: 75, max: 75 },
        provenance: PROVENANCE,
      };
    yield {
      record: 'relationship',
      source: person(ownerOf(c)),
      target: company(c),
      kind: 'ownership',
      role: 'shareholder',
      share: { min: 25, max: 25 },
      provenance: PROVENANCE,
    };
    for (let d = 0; d < DIRECTORS; d++) {
      yield {
        record: 'relationship',
        source: person((c * 31 + d * 104_729) % PERSONS),
        target: company(c),
        kind: 'directorship',
        role: 'director',
        provenance: PROVENANCE,
      };
    }
    for (let a = 1; a <= ASSOCIATIONS; a++) {
      yield {
        record: 'relationship',
        source: company(c),
        target: company((c + a * 15_485_863) % COMPANIES),
        kind: 'association',
        role: 'associate',
        provenance: PROVENANCE,
      };
    }
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-20m-'));
  const out = path.join(work, 'snapshot');
  const log = (line: string): void => console.error(`[bench:20m] ${line}`);
  try {
    let t = performance.now();
    const { manifest } = await buildSnapshot({ out, sources: [{ label: 'scale-20m', records: corpus() }], log });
    const buildMs = performance.now() - t;
    const buildRss = process.resourceUsage().maxRSS / 1024;
    const relationships = manifest.counts.relationships ?? 0;
    assert.ok(relationships > 2 ** 24, `expected more than 2^24 relationships, built ${relationships}`);
    globalThis.gc?.();

    t = performance.now();
    const loaded = await loadSnapshot(out);
    const loadMs = performance.now() - t;
    const ctx: Context = {
      corpus: loaded,
      config: loadConfig({}, {}),
      caller: { keyed: false, batchLimit: 25 },
      now: new Date('2026-11-23T00:00:00Z'),
    };

    // A company deep in the tree: its owners are its parent chain up to company 0, and one person at each level.
    const leaf = COMPANIES - 1;
    const chain: number[] = [];
    for (let c = leaf; c > 0; c = parentOf(c)) chain.push(parentOf(c));
    const path_ = await ownershipPath.run(ctx, parseInput(ownershipPath, { root: company(leaf), max_depth: 10 }));
    const companyHops = path_.hops.filter((h) => h.to.id.startsWith('syn20:c'));
    assert.deepEqual(
      companyHops.map((h) => [h.depth, h.to.id]),
      chain.slice(0, 10).map((c, i) => [i + 1, company(c)]),
      'the ownership path follows the parent chain',
    );
    assert.equal(
      path_.hops.filter((h) => h.depth === 1 && h.to.id === person(ownerOf(leaf))).length,
      1,
      'the person owner is a depth-1 hop',
    );

    const d = await dossier.run(ctx, parseInput(dossier, { id: company(4) }));
    assert.deepEqual(
      d.ownership.direct_owners.map((c) => c.other.id).sort(),
      [company(parentOf(4)), person(ownerOf(4))].sort(),
      'direct owners',
    );
    assert.deepEqual(
      d.ownership.holdings.map((c) => c.other.id).sort(),
      [17, 18, 19, 20].map(company).sort(),
      'holdings',
    );
    const refs = new Set(d.sources.map((s) => s.ref));
    assert.ok(
      d.risk.signals.every((s) => refs.has(s.source_ref)),
      'every risk signal cites a listed source',
    );

    const roots = Array.from({ length: 2000 }, (_, i) => company(COMPANIES - 1 - i * 311));
    const pathLatency = await measure(roots, (root) =>
      ownershipPath.run(ctx, parseInput(ownershipPath, { root, max_depth: 10 })),
    );
    const dossierLatency = await measure(roots, (id) => dossier.run(ctx, parseInput(dossier, { id })));
    const mem = process.memoryUsage();
    const md = [
      '## 20 million relationships',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:20m\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node.js ${process.version}. ` +
        `A corpus of ${(COMPANIES + PERSONS).toLocaleString('en')} entities and ${relationships.toLocaleString('en')} relationships, more than the ` +
        `${(2 ** 24).toLocaleString('en')} entries a single JavaScript Map can hold, built and loaded in one process; an ownership path and a dossier ` +
        'are checked against answers derived from the corpus layout (the run fails otherwise), then timed on 2,000 companies.',
      '',
      '| figure | value |',
      '|---|---:|',
      `| build | ${(buildMs / 1000).toFixed(0)} s (peak RSS ${(buildRss / 1024).toFixed(1)} GiB) |`,
      `| load-to-ready | ${(loadMs / 1000).toFixed(1)} s |`,
      `| heap after load | ${(mem.heapUsed / 2 ** 30).toFixed(1)} GiB (RSS ${(mem.rss / 2 ** 30).toFixed(1)} GiB) |`,
      `| ownership path, max_depth 10 | p50 ${pathLatency.p50_us} µs, p99 ${pathLatency.p99_us} µs |`,
      `| dossier | p50 ${dossierLatency.p50_us} µs, p99 ${dossierLatency.p99_us} µs |`,
      '| answers checked | ownership path (parent chain and person owner), dossier (direct owners, holdings, cited signals) |',
    ].join('\n');
    writeSection('scale-20m', md);
    console.log(md);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
