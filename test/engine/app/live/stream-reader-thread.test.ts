// Reading the Companies House streams in a thread of its own: the same changes as read in this one, lines that are
// no event left out, and a closed reader refusing rather than hanging.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readStreamChanges } from '../../../../engine/app/live/stream-change-reading.js';
import { StreamReaderThread } from '../../../../engine/app/live/stream-reader-thread.js';
import type { CorpusChange } from '../../../../engine/live/corpus-change.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { tempDir } from '../../../helpers/snapshot.js';
import { companiesCapture } from '../../../helpers/stream-events.js';

const STREAMING = ['companies-house', 'api', 'streaming'];

describe('the stream reader thread', { skip: skipUnlessShared(...STREAMING) }, () => {
  const reader = new StreamReaderThread();
  const tmp = tempDir('stream-reader');
  after(async () => {
    await reader.close();
    tmp.remove();
  });

  it('reads the recorded events into the changes this thread reads, and a line that is no event as null', async () => {
    const capture = companiesCapture(sharedData(...STREAMING) ?? '');
    const lines = [
      capture[0] ?? '',
      '{"resource_kind": "company-profile", "broken',
      ...capture.slice(1),
      '{"event": {}}',
    ];
    const read = await reader.read(lines);
    assert.deepEqual(read, readStreamChanges(lines));
    assert.deepEqual(
      read.map((e) => e !== null),
      [true, false, ...capture.slice(1).map(() => true), false],
    );
    const first = read[0]?.value;
    assert.ok(first !== undefined && 'change' in first.outcome, JSON.stringify(first));
    const change = JSON.parse(first.outcome.change) as CorpusChange;
    assert.equal(change.entities.length, 1);
    assert.match(change.entities[0]?.id ?? '', /^gb-coh:/);
    assert.match(first.resource, /^company-profile /);
  });

  it('answers reads in the order asked', async () => {
    const capture = companiesCapture(sharedData(...STREAMING) ?? '');
    const reads = await Promise.all(capture.map((line) => reader.read([line])));
    assert.deepEqual(
      reads.map((r) => r[0]?.timepoint),
      readStreamChanges(capture).map((r) => r?.timepoint),
    );
  });

  it('keeps a process awaiting a read alive until the answer comes, and lets an idle one end', () => {
    const module = new URL('../../../../engine/app/live/stream-reader-thread.js', import.meta.url).href;
    const script = [
      `const { StreamReaderThread } = await import(${JSON.stringify(module)});`,
      'const reader = new StreamReaderThread();',
      `const first = await reader.read(['{}']);`,
      // Idle a while, as between two reads of a quiet stream, then read again with nothing else to wait on.
      'await new Promise((resolve) => setTimeout(resolve, 300));',
      `const second = await reader.read(['{}', '[]']);`,
      'console.log(first.length + second.length);',
    ].join('\n');
    const file = path.join(tmp.dir, 'awaits-a-read.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), '3');
  });

  it('refuses reads once closed', async () => {
    const closed = new StreamReaderThread();
    await closed.read(['{}']);
    await closed.close();
    await assert.rejects(closed.read(['{}']), /closed/);
  });
});
