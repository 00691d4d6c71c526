// The vector log: what was appended comes back, a torn tail is cut off, another snapshot's vectors never mix in.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { VectorLog, crc32, lockLog, vectorLogPath } from '../../../engine/semantic/vector-log.js';
import { tempDir } from '../../helpers/snapshot.js';

const t = tempDir('vector-log');
after(() => t.remove());

const vec = (...v: number[]): Float32Array => Float32Array.from(v);

describe('VectorLog', () => {
  it('computes the standard CRC-32', () => {
    assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  });

  it('gives back what was appended, after a reopen', () => {
    const file = vectorLogPath(t.dir, 'snap-a');
    const first = VectorLog.open(file, 'snap-a', 3, 'm');
    assert.deepEqual(first.vectors, []);
    first.log.append([
      { label: 7, vector: vec(1, 2, 3) },
      { label: 9, vector: vec(0.5, 0, -1) },
    ]);
    first.log.append([{ label: 11, vector: vec(0, 1, 0) }]);
    first.log.close();
    const again = VectorLog.open(file, 'snap-a', 3, 'm');
    again.log.close();
    assert.equal(again.dropped, false);
    assert.deepEqual(
      again.vectors.map((v) => v.label),
      [7, 9, 11],
    );
    assert.deepEqual(Array.from(again.vectors[1]?.vector ?? []), [0.5, 0, -1]);
  });

  it('drops a torn last record and cuts the file back, so that later appends follow whole records', () => {
    const file = vectorLogPath(t.dir, 'snap-b');
    const a = VectorLog.open(file, 'snap-b', 2, 'm');
    a.log.append([
      { label: 1, vector: vec(1, 0) },
      { label: 2, vector: vec(0, 1) },
    ]);
    a.log.close();
    const whole = statSync(file).size;
    truncateSync(file, whole - 5); // a crash in the middle of the second record
    const b = VectorLog.open(file, 'snap-b', 2, 'm');
    assert.equal(b.dropped, true);
    assert.deepEqual(
      b.vectors.map((v) => v.label),
      [1],
    );
    b.log.append([{ label: 3, vector: vec(1, 1) }]);
    b.log.close();
    appendFileSync(file, Buffer.from([1, 2, 3])); // garbage after the last record
    const c = VectorLog.open(file, 'snap-b', 2, 'm');
    c.log.close();
    assert.deepEqual(
      c.vectors.map((v) => v.label),
      [1, 3],
    );
  });

  it('reads without changing the file when it is not the writer', () => {
    const file = vectorLogPath(t.dir, 'snap-r');
    const a = VectorLog.open(file, 'snap-r', 2, 'm');
    a.log.append([{ label: 4, vector: vec(1, 0) }]);
    appendFileSync(file, Buffer.from([9, 9])); // another process in the middle of an append
    const size = statSync(file).size;
    const r = VectorLog.read(file, 'snap-r', 2, 'm');
    assert.deepEqual(
      r.vectors.map((v) => v.label),
      [4],
    );
    assert.equal(statSync(file).size, size);
    a.log.close();
  });

  it('stops at a record whose checksum fails', () => {
    const file = vectorLogPath(t.dir, 'snap-c');
    const a = VectorLog.open(file, 'snap-c', 2, 'm');
    a.log.append([
      { label: 1, vector: vec(1, 0) },
      { label: 2, vector: vec(0, 1) },
    ]);
    a.log.close();
    const buf = readFileSync(file);
    buf[buf.length - 8] = (buf[buf.length - 8] ?? 0) ^ 0xff; // flip a bit of the last vector
    writeFileSync(file, buf);
    const b = VectorLog.open(file, 'snap-c', 2, 'm');
    b.log.close();
    assert.deepEqual(
      b.vectors.map((v) => v.label),
      [1],
    );
  });

  it('starts afresh on a file of another model or dimension, and keeps snapshots in separate files', () => {
    const file = vectorLogPath(t.dir, 'snap-d');
    const a = VectorLog.open(file, 'snap-d', 2, 'model-one');
    a.log.append([{ label: 1, vector: vec(1, 0) }]);
    a.log.close();
    const b = VectorLog.open(file, 'snap-d', 2, 'model-two');
    b.log.close();
    assert.deepEqual(b.vectors, []);
    assert.notEqual(vectorLogPath(t.dir, 'snap-d'), vectorLogPath(t.dir, 'snap-e'));
    assert.equal(path.dirname(vectorLogPath(t.dir, 'x')), path.join(t.dir, 'semantic'));
  });

  it('lets one writer hold a log at a time', () => {
    const file = vectorLogPath(path.join(t.dir, 'fresh-data-dir'), 'snap-f');
    const release = lockLog(file);
    assert.ok(release);
    writeFileSync(`${file}.lock`, '1'); // pid 1 is alive: another writer
    assert.equal(lockLog(file), null);
    writeFileSync(`${file}.lock`, '999999999'); // no such process: a stale lock is taken over
    const again = lockLog(file);
    assert.ok(again);
    again();
  });
});
