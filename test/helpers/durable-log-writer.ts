// A process that writes to one durable log as the service does, telling its parent every acknowledged write.
// Its `main` runs in a child process started by the fault harness (`node -e WRITER_PROGRAM ARGS`):
//
// DATA_DIR is the data directory, or a postgres:// URL: the same logs kept in PostgreSQL, as replicas keep them.
//
//   LOG DATA_DIR write TAG [COUNT]   writes TAG-0, TAG-1, … (forever without COUNT)
//   LOG DATA_DIR fill TAG            writes until a write fails and says why, then, once stdin is closed, writes
//                                    5 more and exits 3
//   LOG DATA_DIR read < IDS          how many times each id (a line each) is present
//
// stdout, one line each: `try ID` before a write, `ack ID` once the store acknowledged it (written with one
// write(2) before the next write starts, so the parent never hears of an acknowledgement that did not happen),
// `error MESSAGE` when a write failed, `present ID N` when reading.
import { readFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import type { PostgresStateLogs } from '../../engine/app/state/postgres-state-logs.js';
import { FileStateLogs } from '../../engine/state/file-state-logs.js';
import type { StateLogs } from '../../engine/state/state-log.js';
import { DURABLE_LOGS, isDurableLogName, type OpenLog } from './durable-logs.js';

/** Slept on for a millisecond when the parent has not yet read what was said (a full pipe). */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

const say = (line: string): void => {
  const bytes = Buffer.from(`${line}\n`);
  // stdout may be a non-blocking pipe: on a busy machine the parent reads late, the pipe fills, and a write fails
  // with EAGAIN instead of waiting. Wait and write the rest, so that a line is still out before the next write.
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(1, bytes, at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
};

async function writeAll(log: OpenLog, tag: string, count: number, concurrency: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < count && !failed) {
      const id = `${tag}-${next++}`;
      say(`try ${id}`);
      try {
        say(`ack ${await log.write(id)}`);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The writer's program, run in its own process by the fault harness (WRITER_PROGRAM). Returns the exit code. */
export async function main(args: string[]): Promise<number> {
  const [name, dataDir, mode, ...rest] = args;
  if (name === undefined || !isDurableLogName(name) || dataDir === undefined) {
    throw new Error(
      `usage: durable-log-writer LOG DATA_DIR write|fill|read …; LOG one of ${Object.keys(DURABLE_LOGS).join(', ')}`,
    );
  }
  const durable = DURABLE_LOGS[name];
  let logs: StateLogs;
  let log: OpenLog;
  // PostgreSQL's client is loaded only when asked for: a writer is started hundreds of times by the fault tests.
  let shared: PostgresStateLogs | null = null;
  try {
    if (dataDir.startsWith('postgres://')) {
      const { PostgresStateLogs } = await import('../../engine/app/state/postgres-state-logs.js');
      shared = await PostgresStateLogs.connect(dataDir, { listen: false });
    }
    logs = shared ?? new FileStateLogs(dataDir);
  } catch (err) {
    say(`error ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const home = logs.shared ? os.tmpdir() : dataDir;
  try {
    log = await durable.open(logs, home, mode === 'read');
  } catch (err) {
    say(`error ${err instanceof Error ? err.message : String(err)}`);
    await shared?.close();
    return 1;
  }
  try {
    if (mode === 'read') {
      const ids = readFileSync(0, 'utf8').split('\n').filter(Boolean);
      for (const [id, n] of log.present([...new Set(ids)])) say(`present ${id} ${n}`);
      return 0;
    }
    const [tag = 'w', count] = rest;
    const limit = mode === 'write' && count !== undefined ? Number(count) : Number.POSITIVE_INFINITY;
    try {
      await writeAll(log, tag, limit, durable.concurrency);
    } catch (err) {
      say(`error ${err instanceof Error ? err.message : String(err)}`);
      if (mode !== 'fill') return 1;
      // The same process goes on once its parent has made room (closed stdin): its next writes must land whole.
      readFileSync(0);
      await writeAll(log, `${tag}-then`, 5, durable.concurrency);
      return 3;
    }
    return 0;
  } finally {
    log.close();
    await shared?.close();
  }
}
