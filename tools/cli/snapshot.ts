// `unshell snapshot build`: a snapshot directory from the demo corpus, synthetic entities, record files and source files.
import { demoSnapshotDir, loadConfig } from '../../engine/app/config.js';
import { buildSnapshot, type BuildSource } from '../../snapshots/build/build-snapshot.js';
import { compactSnapshot } from '../../snapshots/build/compact-snapshot.js';
import {
  SOURCE_NAMES,
  investigationsSource,
  syntheticSource,
  DEMO_BACKGROUND_ENTITIES,
} from '../../snapshots/demo/demo-corpus.js';
import { recordsJsonlSource } from '../../snapshots/sources/records-jsonl.js';
import path from 'node:path';
import type { CacheOptions } from '../../snapshots/importers/import-cache.js';
import { importSource } from '../../snapshots/importers/import-source.js';
import { IMPORTERS, importerFor } from '../../snapshots/importers/registry.js';
import { UsageError, parseFlags, positiveInteger } from './args.js';
import { readBuildConfig, type BuildConfig } from './build-config.js';
import { showProgress } from './progress.js';

function listFormats(): void {
  const width = Math.max(...IMPORTERS.map((i) => i.format.length)) + 2;
  for (const i of IMPORTERS) console.log(`${i.format.padEnd(width)} ${i.input.padEnd(18)} ${i.description}`);
}

/** The build's sources from a `FORMAT=PATH` list, with the format checked against the importers. */
function importSources(specs: readonly string[], retrievedAt: string, cache: CacheOptions | undefined): BuildSource[] {
  return specs.map((spec) => {
    const eq = spec.indexOf('=');
    const format = eq === -1 ? spec : spec.slice(0, eq);
    const importer = importerFor(format);
    if (importer === undefined)
      throw new UsageError(`unknown source format "${format}" (unshell snapshot formats lists them)`);
    if (eq === -1 || eq === spec.length - 1)
      throw new UsageError(
        `--source needs FORMAT=PATH, e.g. --source ${format}=path/to/${importer.input === 'directory' ? 'folder' : 'file'}`,
      );
    return importSource(importer, spec.slice(eq + 1), { retrievedAt }, cache);
  });
}

/** Parsed sources are kept beside the snapshot unless told otherwise, so that a rebuild re-parses only what changed. */
function importCacheDir(
  off: boolean,
  flag: string | undefined,
  fromFile: string | false | undefined,
  out: string,
): string | null {
  if (off) return null;
  if (flag !== undefined) return path.resolve(flag);
  if (fromFile === false) return null;
  return fromFile ?? `${path.resolve(out)}.import-cache`;
}

/** `unshell snapshot compact`: the configured snapshot with its journal folded in, as a new snapshot. */
async function compactCommand(args: string[]): Promise<number> {
  const { values } = parseFlags(args, {
    out: { type: 'string' },
    snapshot: { type: 'string' },
    'data-dir': { type: 'string' },
    judgements: { type: 'string' },
    embed: { type: 'string' },
  });
  if (values.out === undefined) throw new UsageError('snapshot compact needs --out DIR, the new snapshot');
  const embed =
    values.embed === undefined ? undefined : values.embed === '0' ? 0 : positiveInteger(values.embed, '--embed');
  const config = loadConfig({ snapshot: values.snapshot, dataDir: values['data-dir'] });
  const snapshot = config.snapshot ?? demoSnapshotDir(config);
  if (path.resolve(snapshot) === path.resolve(values.out))
    throw new UsageError(`--out must be a new directory, not the snapshot being folded (${snapshot})`);
  const log = (line: string): void => console.error(`[unshell] ${line}`);
  const started = Date.now();
  const progress = showProgress(process.stderr);
  let result: Awaited<ReturnType<typeof compactSnapshot>>;
  try {
    result = await compactSnapshot({
      snapshot,
      dataDir: config.dataDir,
      out: values.out,
      sourceNames: SOURCE_NAMES,
      log,
      ...(values.judgements === undefined ? {} : { judgements: values.judgements }),
      ...(embed === undefined ? {} : { semantic: { embed } }),
    });
  } finally {
    progress.stop();
  }
  const c = result.manifest.counts;
  const resumes = [...result.timepoints].map(([stream, t]) => `${stream} at ${t}`).join(', ');
  console.log(
    `snapshot ${result.manifest.snapshot_id}: ${result.folded} journalled changes folded in; ${c.entities ?? 0} entities, ` +
      `${c.relationships ?? 0} relationships, ${c.events ?? 0} events in ${((Date.now() - started) / 1000).toFixed(1)} s → ${values.out}` +
      (resumes === '' ? '' : `; its journal resumes ${resumes}`),
  );
  return 0;
}

export async function snapshotCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'formats') {
    listFormats();
    return 0;
  }
  if (sub === 'compact') return compactCommand(rest);
  if (sub !== 'build')
    throw new UsageError(
      sub === undefined
        ? 'snapshot needs a subcommand: build, compact or formats'
        : `unknown snapshot subcommand "${sub}"`,
    );
  const { values } = parseFlags(rest, {
    out: { type: 'string' },
    config: { type: 'string' },
    demo: { type: 'boolean' },
    synthetic: { type: 'string' },
    seed: { type: 'string' },
    records: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    'retrieved-at': { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
    judgements: { type: 'string' },
    embed: { type: 'string' },
  });
  // Flags win over the config file; lists from both are joined, the file's first.
  const file: BuildConfig = values.config === undefined ? { records: [], sources: [] } : readBuildConfig(values.config);
  const out = values.out ?? file.out;
  if (out === undefined) throw new UsageError('snapshot build needs --out DIR (or "out" in the --config file)');
  const demo = values.demo ?? file.demo ?? false;
  const synthetic = values.synthetic === undefined ? file.synthetic : positiveInteger(values.synthetic, '--synthetic');
  const seed = values.seed === undefined ? file.seed : positiveInteger(values.seed, '--seed');
  const retrievedAt = values['retrieved-at'] ?? file.retrievedAt ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(retrievedAt))
    throw new UsageError(`--retrieved-at must be a date YYYY-MM-DD, not "${retrievedAt}"`);
  // How many resolved entities get a semantic-search vector at build time; `unshell serve` embeds the rest.
  const embed =
    values.embed === undefined ? undefined : values.embed === '0' ? 0 : positiveInteger(values.embed, '--embed');
  const log = (line: string): void => console.error(`[unshell] ${line}`);
  const judgements = values.judgements ?? file.judgements;
  const cacheDir = importCacheDir(values['no-cache'] === true, values.cache, file.cache, out);
  const cache = cacheDir === null ? undefined : { dir: cacheDir, log };
  const sources: BuildSource[] = [];
  if (demo) sources.push(investigationsSource(), syntheticSource(DEMO_BACKGROUND_ENTITIES));
  if (synthetic !== undefined) {
    // With --demo the background is already there; --synthetic N then sizes it instead.
    if (demo) sources.pop();
    sources.push(syntheticSource(synthetic, seed));
  }
  for (const records of [...file.records, ...(values.records ?? [])]) sources.push(recordsJsonlSource(records));
  sources.push(...importSources([...file.sources, ...(values.source ?? [])], retrievedAt, cache));
  if (sources.length === 0)
    throw new UsageError(
      'snapshot build needs at least one of --demo, --synthetic N, --records FILE, --source FORMAT=PATH',
    );

  const started = Date.now();
  const progress = showProgress(process.stderr);
  let result: Awaited<ReturnType<typeof buildSnapshot>>;
  try {
    result = await buildSnapshot({
      out,
      sources,
      sourceNames: SOURCE_NAMES,
      log,
      ...(judgements === undefined ? {} : { judgements }),
      ...(embed === undefined ? {} : { semantic: { embed } }),
    });
  } finally {
    progress.stop();
  }
  const { manifest, report } = result;
  console.log(report.format());
  const c = manifest.counts;
  console.log(
    `snapshot ${manifest.snapshot_id}: ${c.entities ?? 0} entities, ${c.relationships ?? 0} relationships, ${c.listings ?? 0} listings, ` +
      `${c.events ?? 0} events in ${((Date.now() - started) / 1000).toFixed(1)} s → ${out}`,
  );
  return 0;
}
