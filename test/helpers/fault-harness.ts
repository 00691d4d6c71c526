// The fault harness: kill -9 at random points during acknowledged writes, and disks that fill up or turn read-only.
//
// Every durable log in test/helpers/durable-logs.ts plugs in by name. The writes run in a child process
// (durable-log-writer.ts) that reports each acknowledgement on stdout; the harness kills it with SIGKILL at a
// random moment, starts it again on the same data directory, and in the end reads back through the store's own
// replay that every acknowledged write is present exactly once.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import type { DurableLogName } from './durable-logs.js';

/** The writer's program for `node --input-type=module -e`, its arguments after it (a module run as a test does nothing). */
export const WRITER_PROGRAM =
  `const { main } = await import(${JSON.stringify(new URL('./durable-log-writer.js', import.meta.url).href)});` +
  'process.exitCode = await main(process.argv.slice(1));';
const WRITER_ARGS = ['--input-type=module', '-e', WRITER_PROGRAM];

/** What one writer process said: ids it started writing, ids acknowledged, errors, ids read back. */
export interface WriterReport {
  tried: string[];
  acked: string[];
  errors: string[];
  present: Map<string, number>;
  /** The `exit N` line a shell step appends when the writer failed; 0 without one. */
  exit: number;
}

/** A writer's stdout, as read from the process or as a shell step saved it. */
export function parseReport(text: string): WriterReport {
  const report: WriterReport = { tried: [], acked: [], errors: [], present: new Map(), exit: 0 };
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    const [word, rest] = [line.slice(0, space), line.slice(space + 1)];
    if (word === 'try') report.tried.push(rest);
    else if (word === 'ack') report.acked.push(rest);
    else if (word === 'error') report.errors.push(rest);
    else if (word === 'present') {
      const [id = '', n = '0'] = rest.split(' ');
      report.present.set(id, Number(n));
    } else if (word === 'exit') report.exit = Number(rest);
  }
  return report;
}

function startWriter(log: DurableLogName, dataDir: string, args: string[]): ChildProcess {
  return spawn(process.execPath, [...WRITER_ARGS, log, dataDir, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Runs the writer to its end: its report, exit code and stderr. */
export async function runWriter(
  log: DurableLogName,
  dataDir: string,
  args: string[],
  input = '',
): Promise<WriterReport & { code: number | null; stderr: string }> {
  const child = startWriter(log, dataDir, args);
  child.stdin?.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { ...parseReport(stdout), code, stderr };
}

/** How many times each id is present, read back by a fresh process through the store's replay. */
export async function readBack(
  log: DurableLogName,
  dataDir: string,
  ids: Iterable<string>,
): Promise<Map<string, number>> {
  const read = await runWriter(log, dataDir, ['read'], [...new Set(ids)].join('\n'));
  assert.equal(read.code, 0, `reading ${log} back failed: ${read.errors.join('; ')} ${read.stderr}`);
  return read.present;
}

/**
 * Every acknowledged write present exactly once, and nothing written twice: a write the process died during may be
 * present or not, but at most once.
 */
export function assertExactlyOnce(acked: Iterable<string>, present: Map<string, number>, what: string): void {
  const lost = [...new Set(acked)].filter((id) => present.get(id) !== 1);
  assert.deepEqual(
    lost.map((id) => `${id}: ${present.get(id) ?? 0}`),
    [],
    `${what}: acknowledged writes not present exactly once`,
  );
  const doubled = [...present].filter(([, n]) => n > 1);
  assert.deepEqual(doubled, [], `${what}: writes present more than once`);
}

export interface KillRounds {
  /** Every id a writer started to write, over all rounds. */
  tried: Set<string>;
  acked: Set<string>;
}

/**
 * `rounds` times: starts a writer on `dataDir`, waits for its first acknowledgement and then a random 0-150 ms
 * (drawn from `seed`), and kills it with SIGKILL. The next round starts on what the killed one left.
 */
export async function killNineRounds(
  log: DurableLogName,
  dataDir: string,
  options: { rounds: number; seed: number },
): Promise<KillRounds> {
  const waits = fc.sample(fc.integer({ min: 0, max: 150 }), { seed: options.seed, numRuns: options.rounds });
  const all: KillRounds = { tried: new Set(), acked: new Set() };
  for (const [round, wait] of waits.entries()) {
    const child = startWriter(log, dataDir, ['write', `r${round}`]);
    child.stdin?.end();
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('\nack ') || stdout.startsWith('ack ')) resolve();
      });
      void exited.then(([code]) =>
        reject(new Error(`round ${round}: the writer exited (${code}) before any write: ${stdout}${stderr}`)),
      );
    });
    await delay(wait);
    child.kill('SIGKILL');
    const [, signal] = await exited;
    const report = parseReport(stdout);
    assert.equal(
      signal,
      'SIGKILL',
      `round ${round}: the writer stopped by itself: ${report.errors.join('; ')} ${stderr}`,
    );
    for (const id of report.tried) all.tried.add(id);
    for (const id of report.acked) all.acked.add(id);
  }
  return all;
}

/** Why a private mount namespace cannot be made here (no unshare, user namespaces off), or null when it can. */
export function namespaceUnavailable(): string | null {
  const probe = spawnSync('unshare', ['--map-root-user', '--mount', 'true'], { encoding: 'utf8' });
  if (probe.error !== undefined) return `unshare cannot run: ${probe.error.message}`;
  return probe.status === 0 ? null : `unshare --map-root-user --mount fails: ${probe.stderr.trim()}`;
}

/**
 * Runs a shell script in a private mount namespace with a tmpfs of `sizeKiB` mounted on `dir`, gone when the script
 * ends. The script sees `env`, DIR (the mount point), NODE and WRITER_PROGRAM (run the writer with
 * `"$NODE" --input-type=module -e "$WRITER_PROGRAM" ARGS`); it may remount DIR read-only.
 */
export async function inSmallFilesystem(
  dir: string,
  sizeKiB: number,
  script: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Asynchronous, so that the cases of one file can run side by side: each is mostly waiting on its processes.
  const child = spawn(
    'unshare',
    [
      '--map-root-user',
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      `set -e; mount -t tmpfs -o size=${sizeKiB}k unshell-test "$DIR"; ${script}`,
    ],
    {
      env: { ...process.env, ...env, DIR: dir, NODE: process.execPath, WRITER_PROGRAM },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}
