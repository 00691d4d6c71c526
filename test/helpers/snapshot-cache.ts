// Test helper: the test corpora most files build (the investigations alone, or with the default synthetic
// background) built once per run of the test runner and copied where each test wants its snapshot. A build of them
// takes seconds and some eighty tests ask for one; a copy takes milliseconds.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'unshell-test-snapshots-';

/**
 * When the process with `pid` started (clock ticks since boot, from /proc), or null where there is no /proc or no
 * such process: a pid with its start time names one process, never a later one that reuses the number.
 */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields from its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * The cache of this run: one per process that started the test files (node --test), so that a run never reads
 * what another run built with other code. Null when the runner cannot be told apart (no /proc): then every test
 * builds its own.
 */
function runCache(): string | null {
  const started = startTime(process.ppid);
  if (started === null) return null;
  return path.join(tmpdir(), `${PREFIX}${process.ppid}-${started}`);
}

/** Removes the caches of runs whose runner has ended. */
function removeEndedRuns(current: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || path.join(tmpdir(), name) === current) continue;
    const [pid, started] = name.slice(PREFIX.length).split('-');
    if (startTime(Number(pid)) !== started) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

/**
 * Writes the snapshot of the corpus named `recipe` to `out`: a copy of this run's build of it, built by `build` the
 * first time. Two files asking at once may both build; the first to finish is kept.
 */
export async function cachedSnapshot(
  recipe: string,
  out: string,
  build: (dir: string) => Promise<void>,
): Promise<void> {
  const cache = runCache();
  if (cache === null) return build(out);
  const built = path.join(cache, recipe);
  if (!existsSync(built)) {
    if (!existsSync(cache)) {
      mkdirSync(cache, { recursive: true });
      removeEndedRuns(cache);
    }
    const mine = `${built}.building-${process.pid}`;
    await build(mine);
    try {
      renameSync(mine, built);
    } catch {
      // Another file's build of the same corpus got there first: its snapshot is the same.
      rmSync(mine, { recursive: true, force: true });
    }
  }
  cpSync(built, out, { recursive: true });
}
