// The corpus a process serves: the configured snapshot, or the demo one built on first start, loaded and made ready.
import { NO_PROGRESS, type PassProgress } from '../engine/runtime/pass-progress.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { demoSnapshotDir, type Config } from '../engine/app/config.js';
import type { Corpus } from '../engine/corpus.js';
import { secrecyTable } from '../engine/offshore/secrecy-table.js';
import { startBackgroundEmbedding, type BackgroundEmbedding } from '../engine/semantic/background.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, demoSources } from '../snapshots/demo/demo-corpus.js';
import { FORMAT_VERSION, MANIFEST_FILE } from '../snapshots/format/manifest.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { servedSnapshot, type ServedSnapshot } from '../snapshots/load/served-snapshot.js';

export interface LoadedCorpus {
  corpus: Corpus;
  /** Embeds what the snapshot left unembedded, when configured; stop it before the process lets go of the data dir. */
  background: BackgroundEmbedding;
  /** The snapshot loaded (the configured one, or its newest checkpoint) and the journal that follows it. */
  served: ServedSnapshot;
  /** The configured snapshot's id. */
  of: string;
}

/** The format version of the snapshot in `dir`, or null when there is none or its manifest cannot be read. */
function formatVersionOf(dir: string): number | null {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { format_version?: unknown }).format_version;
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The snapshot to serve: the configured one, or the demo snapshot, built on first start. The demo snapshot is
 * derived data, so one left by an earlier version of unshell in another format is rebuilt rather than refused.
 */
export async function ensureSnapshot(
  config: Config,
  log: (line: string) => void,
  progress: PassProgress = NO_PROGRESS,
): Promise<string> {
  if (config.snapshot !== null) return config.snapshot;
  const dir = demoSnapshotDir(config);
  const version = formatVersionOf(dir);
  if (version !== FORMAT_VERSION) {
    log(
      version === null
        ? `no snapshot configured and no demo snapshot in ${dir}: building the demo corpus (first start only)`
        : `the demo snapshot in ${dir} has format version ${version}, this unshell writes ${FORMAT_VERSION}: rebuilding it`,
    );
    await buildSnapshot({ out: dir, sources: demoSources(), sourceNames: SOURCE_NAMES, log, progress });
  }
  return dir;
}

/**
 * The same sequence for `unshell serve` and the in-process MCP tool server: the secrecy table checked (a bad operator
 * file fails the load with its message, not each request), the snapshot ensured and loaded, background embedding begun.
 * `progress` meters the passes of the load (and of the demo's build on a first start).
 */
export async function loadCorpus(
  config: Config,
  log: (line: string) => void,
  progress: PassProgress = NO_PROGRESS,
): Promise<LoadedCorpus> {
  secrecyTable(config.secrecyTable);
  const dir = await ensureSnapshot(config, log, progress);
  const started = Date.now();
  const served = await servedSnapshot(config.dataDir, dir);
  const { checkpoint } = served;
  if (checkpoint !== null)
    log(
      `serving the checkpoint of snapshot ${checkpoint.of} written ${checkpoint.written_at} ` +
        `(${checkpoint.folded} live changes folded in): ${served.dir}`,
    );
  const corpus = await loadSnapshot(served.dir, { log, progress, records: config.records });
  const background = startBackgroundEmbedding(corpus, { dataDir: config.dataDir, embed: config.embedBackground, log });
  log(
    `ready: snapshot ${corpus.info.snapshotId}, ${corpus.entities.size} entities, ${corpus.graph.size} relationships, ` +
      `loaded in ${Date.now() - started} ms`,
  );
  return { corpus, background, served, of: checkpoint?.of ?? corpus.info.snapshotId };
}
