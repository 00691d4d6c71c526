// Folds the live journal into a checkpoint once it holds enough changes, so that a restart replays only the few since.
import { closeSync, fsyncSync, openSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { journalFile, type ChangeJournal } from '../engine/live/change-journal.js';
import { fsyncDirectory } from '../engine/state/durable-state.js';
import { startFold, type FoldedSnapshot, type FoldThread } from '../snapshots/build/fold-thread.js';
import { SOURCE_NAMES } from '../snapshots/demo/demo-corpus.js';
import {
  checkpointsDir,
  writeCheckpoint,
  type Checkpoint,
  type ServedSnapshot,
} from '../snapshots/load/served-snapshot.js';

export interface CheckpointStatus {
  /** The configured snapshot's id. */
  of: string;
  every: number;
  /** The checkpoint served (loaded at start, or switched to since), or null: the configured snapshot itself. */
  served: { snapshot_id: string; written_at: string; folded: number } | null;
  folding: boolean;
  /** Checkpoints this process wrote. */
  written: number;
}

/** How often the journal's size is looked at: a fold is rare, and starting one a little late costs nothing. */
const LOOK_EVERY_MS = 1_000;
/** After a failed fold, the wait before the next (doubled at each failure up to the most): a fold is a build. */
const RETRY_FIRST_MS = 60_000;
const RETRY_MOST_MS = 3_600_000;

export interface LiveCheckpointsOptions {
  dataDir: string;
  /** The configured snapshot's id: checkpoints stand for it. */
  of: string;
  /** What this process serves: the configured snapshot or its newest checkpoint, and the journal after it. */
  served: ServedSnapshot;
  journal: ChangeJournal;
  /** Changes in the journal (records changed, not marks of where streams stopped) at which a fold begins. */
  every: number;
  /** How long a company's last refresh is worth carrying into the next journal: its freshness window. */
  keepRefreshesFor: number;
  log: (line: string) => void;
}

/**
 * One fold at a time, in a thread of its own: the snapshot served and the journal's first N changes become a new
 * snapshot under `checkpoints/<snapshot id>/`, while the service goes on recording. Then, on the serving thread and
 * at once, the journal continues in a new file that starts with the changes recorded during the fold, and the
 * pointer to the newest checkpoint is replaced (atomically, after the checkpoint's files and the new journal are on
 * disk). A crash at any point restarts either from the old checkpoint and its whole journal, or from the new one
 * and its journal: no change is lost or applied twice. The folded journal and checkpoint are then removed.
 */
export class LiveCheckpoints {
  readonly #options: LiveCheckpointsOptions;
  #served: ServedSnapshot;
  #fold: FoldThread | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  /** Folds completed by this process. */
  #written = 0;
  /** After failures: no fold begins before this instant (epoch ms), and the wait after the next failure. */
  #retryAt = 0;
  #retryWait = RETRY_FIRST_MS;

  constructor(options: LiveCheckpointsOptions) {
    this.#options = options;
    this.#served = options.served;
  }

  /** Removes what an interrupted fold left, then looks at the journal every second. */
  start(): void {
    this.#removeUnserved();
    this.#timer = setInterval(() => this.#look(), LOOK_EVERY_MS);
    this.#timer.unref();
  }

  /** For /readyz: the checkpoint served, and whether a fold is running. */
  status(): CheckpointStatus {
    const served = this.#served.checkpoint;
    return {
      of: this.#options.of,
      every: this.#options.every,
      served:
        served === null
          ? null
          : { snapshot_id: served.snapshot_id, written_at: served.written_at, folded: served.folded },
      folding: this.#fold !== null,
      written: this.#written,
    };
  }

  /** Stops looking, and stops a fold in progress (its partial snapshot is removed at the next start). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    const fold = this.#fold;
    this.#fold = null;
    if (fold !== null) {
      this.#options.journal.abandonFold();
      await fold.stop();
    }
  }

  #look(): void {
    if (this.#fold !== null || this.#stopped || Date.now() < this.#retryAt) return;
    if (this.#options.journal.changes < this.#options.every) return;
    const { dataDir, of, journal, log } = this.#options;
    const until = journal.beginFold();
    const stamp = `${Date.now().toString(36)}-${until}`;
    const out = path.join(dataDir, checkpointsDir(of), stamp);
    log(`live: folding the journal's ${until} changes into a checkpoint (${out})`);
    const started = Date.now();
    const fold = startFold(
      {
        snapshot: this.#served.dir,
        journal: path.join(dataDir, this.#served.journal),
        until,
        out,
        sourceNames: SOURCE_NAMES,
      },
      (line) => log(`live: checkpoint: ${line}`),
    );
    this.#fold = fold;
    fold.done.then(
      (built) => {
        if (this.#fold !== fold) return;
        this.#fold = null;
        try {
          this.#switchTo(built, out, stamp, until);
          this.#retryWait = RETRY_FIRST_MS;
          log(
            `live: checkpoint ${built.snapshotId} written in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
              `(${until} changes folded); the journal continues in ${this.#served.journal}`,
          );
        } catch (err) {
          this.#failed(out);
          log(`live: the checkpoint could not be switched to: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
      (err: unknown) => {
        if (this.#fold !== fold) return;
        this.#fold = null;
        this.#failed(out);
        log(`live: the fold into a checkpoint failed: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
  }

  /** Forgets a fold that failed, removes what it wrote, and waits longer before the next. */
  #failed(out: string): void {
    this.#options.journal.abandonFold();
    rmSync(out, { recursive: true, force: true });
    this.#retryAt = Date.now() + this.#retryWait;
    this.#retryWait = Math.min(RETRY_MOST_MS, this.#retryWait * 2);
  }

  #switchTo(built: FoldedSnapshot, out: string, stamp: string, until: number): void {
    const { dataDir, of, journal } = this.#options;
    syncTree(out);
    const previous = this.#served;
    const checkpoint: Checkpoint = {
      format: 1,
      of,
      snapshot: path.relative(dataDir, out),
      snapshot_id: built.snapshotId,
      journal: journalFile(`${of}.${stamp}`),
      folded: (previous.checkpoint?.folded ?? 0) + until,
      written_at: new Date().toISOString(),
    };
    const since = Date.now() - this.#options.keepRefreshesFor;
    journal.continueIn(
      checkpoint.journal,
      () => writeCheckpoint(dataDir, checkpoint),
      (_origin, at) => at >= since,
    );
    this.#served = { dir: out, journal: checkpoint.journal, checkpoint };
    this.#written++;
    this.#removeUnserved();
  }

  /**
   * Removes the checkpoints and journals of this snapshot that are not served (folded ones, and what a fold stopped
   * by a crash or a shutdown left). The configured snapshot itself is never touched.
   */
  #removeUnserved(): void {
    const { dataDir, of } = this.#options;
    const served = this.#served;
    const dir = path.join(dataDir, checkpointsDir(of));
    for (const name of readdirSafe(dir))
      if (path.resolve(dir, name) !== path.resolve(served.dir))
        rmSync(path.join(dir, name), { recursive: true, force: true });
    const live = path.dirname(path.join(dataDir, journalFile(of)));
    const kept = path.basename(served.journal);
    for (const name of readdirSafe(live)) {
      const journal = name.endsWith('.lock') ? name.slice(0, -'.lock'.length) : name;
      if (journal !== kept && journal.startsWith(`${of}.`) && journal.endsWith('.journal'))
        rmSync(path.join(live, name), { force: true });
    }
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Makes every file of a built snapshot durable before a pointer names it. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(at);
    else if (entry.isFile()) {
      const fd = openSync(at, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  }
  fsyncDirectory(dir);
}
