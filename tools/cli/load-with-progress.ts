// The snapshot a command reads (the configured one, or the demo, built on first use), loaded with a progress bar.
import type { Config } from '../../engine/app/config.js';
import type { Corpus } from '../../engine/corpus.js';
import { ensureSnapshot } from '../../server/load-corpus.js';
import { loadSnapshot } from '../../snapshots/load/load-snapshot.js';
import { ProgressDisplay } from './progress.js';

/** Loads without the semantic index (no command of the line needs it); `quiet` shows no bar and no log. */
export async function loadForCommand(config: Config, quiet: boolean): Promise<Corpus> {
  const progress = new ProgressDisplay(process.stderr, { quiet });
  try {
    const dir = await ensureSnapshot(config, (line) => progress.log(line));
    return await loadSnapshot(dir, { semantic: false, progress: progress.phase, records: config.records });
  } finally {
    progress.stop();
  }
}
