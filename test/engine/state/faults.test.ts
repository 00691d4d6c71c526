// Every durable log under faults: kill -9 at random points during acknowledged writes, a disk that fills up, a
// disk that turns read-only. Nothing acknowledged is lost or doubled, and every failure names the file and why.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DURABLE_LOGS, type DurableLogName } from '../../helpers/durable-logs.js';
import {
  assertExactlyOnce,
  inSmallFilesystem,
  killNineRounds,
  namespaceUnavailable,
  readBack,
  parseReport,
  type WriterReport,
} from '../../helpers/fault-harness.js';
import { fuzzSeed } from '../../helpers/fuzz-inputs.js';
import { tempDir } from '../../helpers/snapshot.js';

const LOGS = Object.keys(DURABLE_LOGS) as DurableLogName[];
/** Kills per log; a longer hunt sets UNSHELL_FAULT_ROUNDS (each round is a fresh random point, from the seed). */
const ROUNDS = /^[1-9]\d*$/.test(process.env.UNSHELL_FAULT_ROUNDS ?? '')
  ? Number(process.env.UNSHELL_FAULT_ROUNDS)
  : 10;
const seed = fuzzSeed();
const tmp = tempDir('faults');
after(() => tmp.remove());

const noNamespace = namespaceUnavailable();
const diskSkip = noNamespace === null ? false : `needs a private mount namespace for a small tmpfs: ${noNamespace}`;

/** Shell: runs the writer on $DIR/data and saves its stdout in $OUT/STEP, noting a non-zero exit. */
const step = (log: DurableLogName, name: string, args: string, input = '/dev/null'): string =>
  `"$NODE" --input-type=module -e "$WRITER_PROGRAM" ${log} "$DIR/data" ${args} < ${input} > "$OUT/${name}" || echo "exit $?" >> "$OUT/${name}"`;
/** Shell: reads back every id that the saved steps tried or acknowledged. */
const readStep = (log: DurableLogName, name: string, from: string[]): string =>
  [
    `sed -n 's/^\\(try\\|ack\\) //p' ${from.map((f) => `"$OUT/${f}"`).join(' ')} > "$OUT/${name}.ids"`,
    step(log, name, 'read', `"$OUT/${name}.ids"`),
  ].join('\n');
/** Shell: fills the file system to the last block. */
const FILL_DISK = 'dd if=/dev/zero of="$DIR/filler" bs=4k 2>/dev/null || true';
/** Shell: fills the file system but for 16 KiB, room for a writer to start and then run out. */
const ALMOST_FILL_DISK = [
  'dd if=/dev/zero of="$DIR/slack" bs=4k count=4 2>/dev/null',
  FILL_DISK,
  'rm "$DIR/slack"',
].join('\n');

interface SmallDiskRun {
  /** What the writer said in a step. */
  report(step: string): WriterReport;
  /** A file a step saved, as text. */
  text(step: string): string;
}

/**
 * Runs the shell `steps` on a small tmpfs of its own (the data directory is $DIR/data) and returns what each
 * step saved, by step name.
 */
async function onSmallDisk(name: string, sizeKiB: number, steps: string[]): Promise<SmallDiskRun> {
  const out = path.join(tmp.dir, name);
  const dir = path.join(tmp.dir, `${name}-mount`);
  mkdirSync(out);
  mkdirSync(dir);
  const run = await inSmallFilesystem(dir, sizeKiB, ['mkdir "$DIR/data"', ...steps].join('\n'), { OUT: out });
  assert.equal(run.code, 0, run.stderr);
  const text = (step: string): string => readFileSync(path.join(out, step), 'utf8');
  return { report: (step) => parseReport(text(step)), text };
}

describe(
  `durable logs killed with SIGKILL during acknowledged writes (${ROUNDS} times each, seed ${seed})`,
  { concurrency: true },
  () => {
    for (const log of LOGS) {
      it(`${log}: every acknowledged write is present exactly once`, async () => {
        const dataDir = path.join(tmp.dir, `kill-${log}`);
        mkdirSync(dataDir);
        const rounds = await killNineRounds(log, dataDir, { rounds: ROUNDS, seed });
        const present = await readBack(log, dataDir, [...rounds.tried, ...rounds.acked]);
        assertExactlyOnce(rounds.acked, present, `${log} (seed ${seed})`);
      });
    }
  },
);

// Each case on a tmpfs of its own, side by side: mostly waiting on the writer processes.
describe('durable logs on a disk that fills up', { skip: diskSkip, concurrency: true }, () => {
  for (const log of LOGS.filter((name) => DURABLE_LOGS[name].appends)) {
    it(`${log}: the write that does not fit fails naming the file, and nothing before it is lost or torn`, async () => {
      const result = await onSmallDisk(`full-${log}`, 64, [
        step(log, 'before', 'write a 3'),
        ALMOST_FILL_DISK,
        // The writer runs out of room, says so, and waits for its stdin to close; room is made, and it goes on.
        'mkfifo "$OUT/go"',
        `${step(log, 'full', 'fill b', '"$OUT/go"')} &`,
        'exec 3> "$OUT/go"',
        `until grep -q '^error' "$OUT/full"; do sleep 0.02; done`,
        readStep(log, 'read-full', ['before', 'full']),
        'rm "$DIR/filler"',
        'exec 3>&-',
        'wait',
        step(log, 'after', 'write c 5'),
        readStep(log, 'read-after', ['before', 'full', 'after']),
      ]);
      const full = result.report('full');
      const said = result.text('full');
      assert.equal(full.exit, 3, `the writer runs out of room, then goes on once there is room: ${said.slice(-500)}`);
      assert.match(full.errors[0] ?? '', new RegExp(`${DURABLE_LOGS[log].file}.*no space left on device \\(ENOSPC\\)`));
      const beforeError = result.report('before').acked.concat(full.acked.filter((id) => !id.startsWith('b-then-')));
      assertExactlyOnce(beforeError, result.report('read-full').present, `${log} when full`);
      assert.equal(
        full.acked.filter((id) => id.startsWith('b-then-')).length,
        5,
        'the five writes after room was made',
      );
      const acked = [...result.report('before').acked, ...full.acked];
      const after = result.report('after');
      assert.equal(after.exit, 0, `a restart on the same log goes on writing: ${after.errors.join('; ')}`);
      assertExactlyOnce([...acked, ...after.acked], result.report('read-after').present, `${log} after room was made`);
    });
  }

  for (const log of LOGS) {
    it(`${log}: on a disk already full, the first write fails naming the file and leaves no partial file`, async () => {
      const result = await onSmallDisk(`nospace-${log}`, 64, [
        FILL_DISK,
        step(log, 'full', 'write a 1'),
        `find "$DIR/data" -type f -printf '%P\\n' > "$OUT/files"`,
        'rm "$DIR/filler"',
        step(log, 'after', 'write b 3'),
        readStep(log, 'read', ['full', 'after']),
      ]);
      const full = result.report('full');
      assert.notEqual(full.exit, 0, 'a write with no room fails');
      assert.match(full.errors[0] ?? '', new RegExp(`${DURABLE_LOGS[log].file}.*no space left on device \\(ENOSPC\\)`));
      const files = result.text('files').split('\n').filter(Boolean);
      assert.deepEqual(
        files.filter((f) => f !== DURABLE_LOGS[log].file),
        [],
        'no temporary, lock or half-written file is left',
      );
      const after = result.report('after');
      assert.equal(after.exit, 0, after.errors.join('; '));
      assertExactlyOnce(after.acked, result.report('read').present, `${log} once there is room`);
    });
  }
});

describe('durable logs on a disk that turns read-only', { skip: diskSkip, concurrency: true }, () => {
  for (const log of LOGS) {
    it(`${log}: writing fails naming the file, reading still works, and writes go on once it is writable`, async () => {
      const result = await onSmallDisk(`ro-${log}`, 1024, [
        step(log, 'before', 'write a 5'),
        'mount -o remount,ro "$DIR"',
        step(log, 'ro', 'write b 1'),
        readStep(log, 'read-ro', ['before', 'ro']),
        'mount -o remount,rw "$DIR"',
        step(log, 'after', 'write c 3'),
        readStep(log, 'read-after', ['before', 'ro', 'after']),
      ]);
      const before = result.report('before');
      const ro = result.report('ro');
      if (DURABLE_LOGS[log].appends) {
        assert.notEqual(ro.exit, 0, 'a write to a read-only disk fails');
        assert.match(ro.errors[0] ?? '', new RegExp(`${DURABLE_LOGS[log].file}.*read-only file system \\(EROFS\\)`));
      }
      assertExactlyOnce([...before.acked, ...ro.acked], result.report('read-ro').present, `${log} read-only`);
      const after = result.report('after');
      assert.equal(after.exit, 0, after.errors.join('; '));
      assertExactlyOnce(
        [...before.acked, ...ro.acked, ...after.acked],
        result.report('read-after').present,
        `${log} after`,
      );
    });
  }
});
