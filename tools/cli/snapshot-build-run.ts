// What `unshell snapshot build` does: sources gathered from the flags and the config file, built with progress, summed up.
import path from 'node:path';
import { buildSnapshot, buildingDirectory, type BuildSource } from '../../snapshots/build/build-snapshot.js';
import { EmptyBuildError } from '../../snapshots/build/empty-build-error.js';
import {
  SOURCE_NAMES,
  investigationsSource,
  syntheticSource,
  DEMO_BACKGROUND_ENTITIES,
} from '../../snapshots/demo/demo-corpus.js';
import type { CacheOptions } from '../../snapshots/importers/import-cache.js';
import { importSource } from '../../snapshots/importers/import-source.js';
import { importerFor } from '../../snapshots/importers/registry.js';
import { recordsJsonlSource } from '../../snapshots/sources/records-jsonl.js';
import {
  readSourcesManifest,
  SOURCES_MANIFEST,
  SourcesManifestError,
  type SourcesManifest,
} from '../../snapshots/fetch/sources-manifest.js';
import { UsageError } from './args.js';
import { readBuildConfig, type BuildConfig } from './build-config.js';
import { requireReadable } from './input-file.js';
import { ProgressDisplay } from './progress.js';
import { shownPath } from './shown-path.js';
import { removeOnInterrupt } from './interrupt.js';

/** The build's sources from a `FORMAT=PATH` list, each format checked against the importers and each path read. */
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
    const file = spec.slice(eq + 1);
    requireReadable(file, '--source', true);
    return importSource(importer, file, { retrievedAt }, cache);
  });
}

/**
 * The sources `unshell sources fetch` wrote to `dir`, as `FORMAT=PATH`, and the day the oldest of them was fetched
 * (what the build records as their retrieval).
 */
function fetchedSources(dir: string): { sources: string[]; retrievedAt: string } {
  requireReadable(dir, '--sources', true);
  let manifest: SourcesManifest;
  try {
    manifest = readSourcesManifest(dir);
  } catch (err) {
    if (err instanceof SourcesManifestError) throw new UsageError(`--sources: ${err.message}`);
    throw err;
  }
  if (manifest.files.length === 0)
    throw new UsageError(
      `--sources ${dir}: no ${SOURCES_MANIFEST} lists a fetched file; run unshell sources fetch --dir ${dir} first`,
    );
  const checked = manifest.files.map((f) => f.checked_at.slice(0, 10)).sort();
  return {
    sources: manifest.files.map((f) => `${f.format}=${path.join(dir, f.path)}`),
    retrievedAt: checked[0] ?? new Date().toISOString().slice(0, 10),
  };
}

/** Parsed sources are kept beside the snapshot unless told otherwise, so that a rebuild re-parses only what changed. */
function importCacheDir(
  flag: string | boolean | undefined,
  fromFile: string | false | undefined,
  out: string,
): string | null {
  if (flag === false) return null;
  if (typeof flag === 'string') return path.resolve(flag);
  if (fromFile === false) return null;
  return fromFile ?? `${path.resolve(out)}.import-cache`;
}

/** The options of `unshell snapshot build`, as commander parsed them. */
export interface BuildFlags {
  out?: string;
  config?: string;
  demo?: true;
  synthetic?: number;
  seed?: number;
  records?: string[];
  source?: string[];
  sources?: string;
  retrievedAt?: string;
  cache?: string | boolean;
  judgements?: string;
  embed?: number;
  json?: true;
  quiet?: true;
}

export async function buildFromFlags(options: BuildFlags): Promise<number> {
  // Flags win over the config file; lists from both are joined, the file's first.
  const file: BuildConfig =
    options.config === undefined ? { records: [], sources: [] } : readBuildConfig(options.config);
  const out = options.out ?? file.out;
  if (out === undefined) throw new UsageError('snapshot build needs --out DIR (or "out" in the --config file)');
  const demo = options.demo ?? file.demo ?? false;
  const synthetic = options.synthetic ?? file.synthetic;
  const fetched = options.sources === undefined ? null : fetchedSources(options.sources);
  const retrievedAt =
    options.retrievedAt ?? file.retrievedAt ?? fetched?.retrievedAt ?? new Date().toISOString().slice(0, 10);
  const judgements = options.judgements ?? file.judgements;
  if (judgements !== undefined) requireReadable(judgements, '--judgements');
  const quiet = options.quiet === true || options.json === true;
  const progress = new ProgressDisplay(process.stderr, { quiet });
  const log = (line: string): void => progress.log(`[unshell] ${line}`);
  const cacheDir = importCacheDir(options.cache, file.cache, out);
  const cache = cacheDir === null ? undefined : { dir: cacheDir, log };
  const sources: BuildSource[] = [];
  if (demo) sources.push(investigationsSource(), syntheticSource(DEMO_BACKGROUND_ENTITIES));
  if (synthetic !== undefined) {
    // With --demo the background is already there; --synthetic N then sizes it instead.
    if (demo) sources.pop();
    sources.push(syntheticSource(synthetic, options.seed ?? file.seed));
  }
  for (const records of [...file.records, ...(options.records ?? [])]) {
    requireReadable(records, '--records');
    sources.push(recordsJsonlSource(records));
  }
  try {
    const published = [...file.sources, ...(fetched?.sources ?? []), ...(options.source ?? [])];
    sources.push(...importSources(published, retrievedAt, cache));
  } catch (err) {
    progress.stop();
    throw err;
  }
  if (sources.length === 0) {
    progress.stop();
    throw new UsageError(
      'snapshot build needs at least one of --demo, --synthetic N, --records FILE, --source FORMAT=PATH, --sources DIR',
    );
  }

  const started = Date.now();
  const interrupted = removeOnInterrupt(buildingDirectory(out), () => progress.stop());
  let result: Awaited<ReturnType<typeof buildSnapshot>>;
  try {
    result = await buildSnapshot({
      out,
      sources,
      sourceNames: SOURCE_NAMES,
      log,
      progress: progress.phase,
      ...(judgements === undefined ? {} : { judgements }),
      ...(options.embed === undefined ? {} : { semantic: { embed: options.embed } }),
    });
  } catch (err) {
    // The report says why every record was refused; the error line below says that nothing was written.
    if (err instanceof EmptyBuildError && options.json !== true) console.log(err.report.format());
    throw err;
  } finally {
    interrupted.release();
    progress.stop();
  }
  const { manifest, report } = result;
  const seconds = (Date.now() - started) / 1000;
  if (options.json === true) {
    console.log(
      JSON.stringify({
        snapshot_id: manifest.snapshot_id,
        out: path.resolve(out),
        counts: manifest.counts,
        seconds: Number(seconds.toFixed(1)),
        ...report.toJSON(),
      }),
    );
    return 0;
  }
  console.log(report.format());
  const c = manifest.counts;
  console.log(
    `snapshot ${manifest.snapshot_id}: ${c.entities ?? 0} entities, ${c.relationships ?? 0} relationships, ${c.listings ?? 0} listings, ` +
      `${c.events ?? 0} events in ${seconds.toFixed(1)} s → ${shownPath(out)}`,
  );
  return 0;
}
