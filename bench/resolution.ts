// `npm run bench:resolution`: precision and recall of entity resolution on the labelled set, and of the match scorer
// on the labelled name pairs (overall and per kind), into bench/RESULTS.md.
// With --relabel it first derives the sanctions labels again from the shared samples (the demo labels are kept);
// with --synthetic N it also times an N-entity synthetic build with and without name matching, in fresh processes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeSection } from './results-file.js';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EntityRecordSchema, type EntityRecord } from '../engine/model/records.js';
import type { BuildProbeResult } from './build-probe.js';
import { MATCH_THRESHOLD } from '../engine/resolution/link-score.js';
import { deriveLabels, type Labels } from './resolution-labels.js';
import { PAIRS_FILE, evaluateMatching, rarityOf, readPairs, type ScoringTime } from './matching-eval.js';
import { TIMING_RUNS } from './matching-timing.js';
import { matchingSection } from './matching-section.js';
import {
  LABELS_FILE,
  REPO,
  measure,
  readLabels,
  sanctionsSources,
  sourcesOf,
  type Measurement,
} from './resolution-measure.js';

const SECTION = '## Entity resolution';

async function relabel(sharedData: string): Promise<void> {
  const records: EntityRecord[] = [];
  for (const source of sanctionsSources(sharedData)) {
    for await (const raw of source.records) {
      const parsed = EntityRecordSchema.safeParse(raw);
      if (parsed.success) records.push(parsed.data);
    }
  }
  const old: Labels | null = existsSync(LABELS_FILE) ? readLabels() : null;
  const labels: Labels = {
    description: old?.description ?? '',
    sets: { ...(old?.sets ?? {}), sanctions: deriveLabels(records) },
  };
  writeFileSync(LABELS_FILE, `${JSON.stringify(labels, null, 1)}\n`);
  const s = labels.sets.sanctions;
  console.error(
    `[resolution] ${s?.clusters.length ?? 0} labelled clusters, ${s?.different.length ?? 0} different pairs → ${LABELS_FILE}`,
  );
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

interface Cost {
  entities: number;
  with: BuildProbeResult;
  without: BuildProbeResult;
}

/** The median of each figure over TIMING_RUNS fresh processes (bench/matching-timing.ts). */
function scoringTime(sharedData: string): ScoringTime {
  const runs: ScoringTime[] = [];
  for (let run = 0; run < TIMING_RUNS; run++) {
    const out = execFileSync(process.execPath, [path.join(REPO, 'dist', 'bench', 'matching-timing.js'), sharedData], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    runs.push(JSON.parse(out) as ScoringTime);
  }
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    pairMicros: median(runs.map((r) => r.pairMicros)),
    pairMicrosRead: median(runs.map((r) => r.pairMicrosRead)),
    dictionaryMillis: median(runs.map((r) => r.dictionaryMillis)),
  };
}

function buildCost(entities: number): Cost {
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-resolution-cost-'));
  const probe = (flag: string[]): BuildProbeResult => {
    const out = execFileSync(
      process.execPath,
      [
        '--max-old-space-size=16384',
        path.join(REPO, 'dist', 'bench', 'build-probe.js'),
        path.join(work, 'snap'),
        String(entities),
        ...flag,
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    rmSync(path.join(work, 'snap'), { recursive: true, force: true });
    return JSON.parse(out) as BuildProbeResult;
  };
  try {
    const without = probe(['--no-name-matching']);
    return { entities, without, with: probe([]) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The cost of name matching, a section of its own: a run without --synthetic leaves the last one measured. */
function costSection(cost: Cost, command: string): string {
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return [
    `Cost of name matching on a ${cost.entities.toLocaleString('en')}-entity synthetic build, measured ` +
      `${new Date().toISOString().slice(0, 10)} with \`${command}\` (fresh processes, one run each; ` +
      'CPU time is the steadier figure when other work shares the machine):',
    '',
    '| build | CPU time | wall time | peak RSS |',
    '|---|---:|---:|---:|',
    `| identifiers only | ${s(cost.without.cpu_ms)} | ${s(cost.without.build_ms)} | ${cost.without.peak_rss_mb} MiB |`,
    `| identifiers + names | ${s(cost.with.cpu_ms)} | ${s(cost.with.build_ms)} | ${cost.with.peak_rss_mb} MiB |`,
    '',
  ].join('\n');
}

function section(results: Record<string, Measurement[]>, labels: Labels, command: string): string {
  const lines = [
    SECTION,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\` on the labelled set \`bench/resolution-labels.json\` ` +
      `(name-match threshold ${MATCH_THRESHOLD}). Pairwise scores over the labelled records: a predicted pair is two labelled records in one ` +
      'cluster (plus any labelled `different` pair merged); a gold pair is two records of one labelled cluster. False merges count, over ' +
      'the whole corpus, clustered record pairs that publish different values of one identifier scheme.',
    '',
    '| set | mode | entities | labelled records | gold pairs | predicted pairs | precision | recall | F1 | `different` pairs merged | false merges |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [set, ms] of Object.entries(results)) {
    for (const m of ms) {
      lines.push(
        `| ${set} | ${m.mode} | ${m.entities.toLocaleString('en')} | ${m.records} | ${m.goldPairs} | ${m.predictedPairs} | ${pct(m.precision)} | ` +
          `${pct(m.recall)} | ${pct(m.f1)} | ${m.mergedDifferent} | ${m.falseMerges} |`,
      );
    }
  }
  lines.push('', labels.description, '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      relabel: { type: 'boolean', default: false },
      shared: { type: 'string', default: path.resolve(REPO, '..', 'shared', 'data') },
      synthetic: { type: 'string' },
    },
  });
  if (!existsSync(values.shared)) {
    console.error(
      `[resolution] ${values.shared} is absent: the sanctions labels need the shared samples; nothing measured`,
    );
    return;
  }
  if (values.relabel) await relabel(values.shared);
  const labels = readLabels();
  const results: Record<string, Measurement[]> = {};
  for (const [name, set] of Object.entries(labels.sets)) {
    console.error(`[resolution] measuring ${name} …`);
    results[name] = await measure(set, sourcesOf(name, values.shared));
  }
  if (values.synthetic !== undefined)
    console.error(`[resolution] timing a ${values.synthetic}-entity build with and without name matching …`);
  const cost = values.synthetic === undefined ? null : buildCost(Number(values.synthetic));
  const args = process.argv.slice(2).join(' ');
  const command = `npm run bench:resolution${args === '' ? '' : ` -- ${args}`}`;
  const text = section(results, labels, command);
  writeSection('resolution', text);
  console.log(text);
  if (cost !== null) writeSection('resolution-cost', costSection(cost, command));
  if (existsSync(PAIRS_FILE)) {
    console.error('[resolution] scoring the labelled name pairs …');
    const pairs = readPairs();
    const rarity = await rarityOf(sanctionsSources(values.shared));
    console.error(`[resolution] timing the scorer in ${TIMING_RUNS} fresh processes …`);
    const time = scoringTime(values.shared);
    const matching = matchingSection(evaluateMatching(pairs.pairs, rarity), time, pairs.description, command);
    writeSection('matching', matching);
    console.log(matching);
  }
}

await main();
