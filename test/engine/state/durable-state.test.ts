import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DurableState, StateLogError, type StateMachine } from '../../../engine/state/durable-state.js';

const Event = z.object({ add: z.string() });
type Event = z.infer<typeof Event>;

/** A set of strings: the smallest state that shows every property of the log. */
const machine: StateMachine<Set<string>, Event> = {
  initial: () => new Set(),
  apply: (state, event) => void state.add(event.add),
  compacted: (state) => [...state].map((add) => ({ add })),
};

const tempFile = (): string => path.join(mkdtempSync(path.join(tmpdir(), 'unshell-state-')), 'log');

describe('DurableState', () => {
  it('replays committed events after a reopen', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine);
    a.commit({ add: 'x' });
    a.commit({ add: 'y' }, 'write');
    a.close();
    assert.deepEqual([...DurableState.open(file, Event, machine).state], ['x', 'y']);
  });

  it('writes each commit whole, whatever the size of the one before it (one write buffer serves them all)', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine);
    const sizes = [5, 200_000, 3, 2_000_000, 40, 70_000, 1];
    sizes.forEach((n, i) => a.commitMany([{ add: `${i}:${'w'.repeat(n)}` }, { add: `${i}:end` }], 'write'));
    a.close();
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    assert.equal(lines.length, sizes.length * 2);
    const want = sizes.flatMap((n, i) => [`${i}:${'w'.repeat(n)}`, `${i}:end`]);
    assert.deepEqual([...DurableState.open(file, Event, machine).state], want);
  });

  it('writes an event its machine encodes in parts as the one line those parts make, whatever their letters', () => {
    const file = tempFile();
    // Parts cut where a naive writer would lose its place: inside the string, and after letters of two and three
    // bytes in UTF-8.
    const inParts: StateMachine<Set<string>, Event> = {
      ...machine,
      encode: (event) => ['{"add":', JSON.stringify(event.add).slice(0, 3), JSON.stringify(event.add).slice(3), '}'],
    };
    const adds = ['Zürich AG', '株式会社 東京', 'plain', 'ООО «Ромашка»'];
    const a = DurableState.open(file, Event, inParts);
    a.commitMany(adds.map((add) => ({ add })));
    a.commit({ add: 'après' });
    a.close();
    const bodies = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => line.slice('01234567\t'.length));
    assert.deepEqual(
      bodies,
      [...adds, 'après'].map((add) => JSON.stringify({ add })),
    );
    // Each line's checksum holds, or the reopen would refuse the log.
    assert.deepEqual([...DurableState.open(file, Event, machine).state], [...adds, 'après']);
  });

  it('meters its replay at open, in bytes of the log, and nothing it reads or writes later', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine);
    for (const add of ['a', 'b', 'c']) a.commit({ add });
    a.close();
    const passes: Array<{ label: string; total: number | null; unit: string; done: number; finished: boolean }> = [];
    const progress = (label: string, total: number | null, unit: string) => {
      const pass = { label, total, unit, done: 0, finished: false };
      passes.push(pass);
      return {
        advance: (n = 1) => void (pass.done += n),
        finish: () => void (pass.finished = true),
      };
    };
    const b = DurableState.open(file, Event, machine, { progress, label: 'replaying the log' });
    const size = statSync(file).size;
    assert.deepEqual(passes, [{ label: 'replaying the log', total: size, unit: 'MB', done: size, finished: true }]);
    b.commit({ add: 'd' });
    b.refresh();
    b.close();
    assert.equal(passes.length, 1);
    DurableState.open(tempFile(), Event, machine, { progress }).close();
    assert.equal(passes.length, 1, 'an empty log has no replay to meter');
  });

  it('drops a torn last line and goes on appending after it', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine);
    a.commit({ add: 'x' });
    a.close();
    appendFileSync(file, '1234abcd\t{"add":"half');
    const b = DurableState.open(file, Event, machine);
    assert.deepEqual([...b.state], ['x']);
    b.commit({ add: 'z' });
    b.close();
    assert.deepEqual([...DurableState.open(file, Event, machine).state], ['x', 'z']);
  });

  it('refuses a log corrupted before its last line, naming the line and its byte offset', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine);
    for (const add of ['a', 'b', 'c']) a.commit({ add });
    a.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = lines[1]!.replace('"b"', '"B"');
    writeFileSync(file, lines.join('\n'));
    assert.throws(
      () => DurableState.open(file, Event, machine),
      (err: unknown) =>
        err instanceof StateLogError &&
        new RegExp(`line 2, byte offset ${Buffer.byteLength(`${lines[0] ?? ''}\n`)} `).test(err.message),
    );
  });

  it('refuses a sound line holding an event of the wrong shape, naming the field', () => {
    const file = tempFile();
    const a = DurableState.open(file, z.unknown(), {
      initial: () => null,
      apply: () => undefined,
      compacted: () => [],
    });
    a.commit({ add: 3 });
    a.commit({ add: 'ok' });
    a.close();
    assert.throws(
      () => DurableState.open(file, Event, machine),
      (err: unknown) => err instanceof StateLogError && /line 1/.test(err.message) && /add/.test(err.message),
    );
  });

  it('compacts to the events that rebuild the state', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine, { compactAfter: 50 });
    for (let i = 0; i < 120; i++) a.commit({ add: String(i % 10) }, 'write');
    assert.ok(readFileSync(file, 'utf8').trim().split('\n').length < 50);
    a.close();
    assert.equal(DurableState.open(file, Event, machine).state.size, 10);
  });

  it('lets two writers share a log, each seeing the other and none losing an event across a compaction', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine, { compactAfter: 5 });
    const b = DurableState.open(file, Event, machine, { compactAfter: 1_000 });
    for (let i = 0; i < 12; i++) {
      a.commit({ add: `a${i}` });
      b.commit({ add: `b${i}` });
    }
    b.refresh();
    a.refresh();
    assert.equal(a.state.size, 24);
    assert.equal(b.state.size, 24);
    const reader = DurableState.open(file, Event, machine, { readOnly: true });
    assert.equal(reader.state.size, 24);
    assert.throws(() => reader.commit({ add: 'no' }), StateLogError);
  });

  for (const exclusive of [false, true])
    it(`loses no acknowledged event when its ${exclusive ? 'exclusive ' : ''}writer is killed with SIGKILL`, async () => {
      const file = tempFile();
      const module = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../engine/state/durable-state.js');
      const script = `
      import { DurableState } from ${JSON.stringify(module)};
      import { z } from 'zod';
      const log = DurableState.open(${JSON.stringify(file)}, z.object({ add: z.string() }), {
        initial: () => new Set(), apply: (s, e) => s.add(e.add), compacted: (s) => [...s].map((add) => ({ add })),
      }, { compactAfter: 200, exclusive: ${exclusive} });
      for (let i = 0; ; i++) { log.commit({ add: 'e' + i }, i % 2 ? 'write' : 'fsync'); process.stdout.write('ack ' + i + '\\n'); }
    `;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let acked = -1;
      let buffered = '';
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) acked = Number(line.slice(4));
          if (acked >= 500 && child.exitCode === null) child.kill('SIGKILL');
        });
        child.on('exit', () => resolve());
      });
      assert.ok(acked >= 500);
      assert.ok(statSync(file).size > 0);
      // The dead writer's lock is taken over, whichever mode it held it in.
      const state = DurableState.open(file, Event, machine, { exclusive }).state;
      for (let i = 0; i <= acked; i++) assert.ok(state.has(`e${i}`), `acknowledged event e${i} lost`);
    });

  it('lets an exclusive writer hold the lock for its life, and the next one take it after close', () => {
    const file = tempFile();
    const a = DurableState.open(file, Event, machine, { exclusive: true, compactAfter: 10 });
    for (let i = 0; i < 25; i++) a.commit({ add: String(i) }, 'write');
    const reader = DurableState.open(file, Event, machine, { readOnly: true });
    assert.equal(reader.state.size, 25);
    a.close();
    const b = DurableState.open(file, Event, machine, { exclusive: true });
    b.commit({ add: 'next' });
    assert.equal(b.state.size, 26);
    b.close();
  });
});
