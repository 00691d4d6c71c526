// Following a Companies House stream against a local stand-in: the real recorded events, heartbeats, a connection
// cut in the middle of a line and resumed from the last timepoint, events sent again, malformed lines, a wrong key,
// a delivery of many events at once divided into reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CompaniesHouseStream,
  readLinesHere,
  type StreamEvent,
  type StreamOptions,
} from '../../../../engine/app/external/companies-house-stream.js';
import { READ_CHARS } from '../../../../engine/app/external/stream-reads.js';
import { startStreamStandIn, type StreamStandInOptions } from '../../../helpers/companies-house-stream-server.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const STREAMING = ['companies-house', 'api', 'streaming'];
const KEY = 'stream-key-0123';
/** The recorded capture of the companies stream: three events, compact, one per line, as the registry sends them. */
const recorded = (): string[] =>
  readFileSync(sharedData(...STREAMING, 'companies-stream_company-profile-3-events.ndjson') ?? '', 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');

/**
 * A follower far behind: `count` events as the registry sends them (the recorded ones, each published again and
 * again under a new timepoint and etag), to be sent in one write.
 */
function publishedAgain(count: number): string[] {
  const events = recorded().map((line) => JSON.parse(line) as StreamEvent);
  return Array.from({ length: count }, (_, i) => {
    const event = events[i % events.length] ?? assert.fail('no recorded event');
    const etag = typeof event.data.etag === 'string' ? event.data.etag : 'etag';
    return JSON.stringify({
      ...event,
      data: { ...event.data, etag: `${etag}-${i}` },
      event: { ...event.event, timepoint: 20_000_000 + i },
    });
  });
}

/** Follows `/companies` on a stand-in with `options` until `done` holds, then stops; what was applied, and the stand-in's log. */
async function follow(
  standIn: Omit<StreamStandInOptions, 'key'> & { key?: string },
  done: (applied: StreamEvent[], stream: CompaniesHouseStream<StreamEvent>) => boolean,
  overrides: Partial<StreamOptions<StreamEvent>> = {},
): Promise<{ applied: StreamEvent[]; stream: CompaniesHouseStream<StreamEvent>; requests: string[] }> {
  const server = await startStreamStandIn({ key: KEY, ...standIn });
  const applied: StreamEvent[] = [];
  const stream = new CompaniesHouseStream({
    stream: 'companies',
    key: KEY,
    base: server.base,
    from: null,
    read: readLinesHere,
    apply: (events) => void applied.push(...events),
    log: () => undefined,
    backoffMs: { first: 20, last: 200 },
    ...overrides,
  });
  stream.start();
  try {
    for (let i = 0; i < 300 && !done(applied, stream); i++) await delay(10);
  } finally {
    await stream.stop();
    await server.stop();
  }
  return { applied, stream, requests: server.requests };
}

describe('CompaniesHouseStream', { skip: skipUnlessShared(...STREAMING) }, () => {
  it('applies the recorded events in order across heartbeats, and keeps the last timepoint', async () => {
    const { applied, stream } = await follow(
      { lines: { '/companies': recorded() }, heartbeatMs: 5 },
      (a) => a.length === 3,
    );
    assert.deepEqual(
      applied.map((e) => e.event.timepoint),
      [16998849, 16998850, 17055977],
    );
    assert.equal(applied[0]?.resource_kind, 'company-profile');
    assert.equal(applied[0]?.data.company_name, 'MIFFLIN CONSTRUCTION LIMITED');
    const status = stream.status();
    assert.equal(status.timepoint, 17055977);
    assert.equal(status.applied, 3);
  });

  it('drops a line cut by a disconnect and resumes from the last applied timepoint, applying each event once', async () => {
    const { applied, stream, requests } = await follow(
      { lines: { '/companies': recorded() }, cutAfter: 2 },
      (a) => a.length === 3,
    );
    assert.deepEqual(
      applied.map((e) => e.event.timepoint),
      [16998849, 16998850, 17055977],
    );
    assert.deepEqual(requests.slice(0, 2), ['/companies', '/companies?timepoint=16998850']);
    assert.equal(stream.status().duplicates, 1, 'the event at the resumed timepoint, sent again, is recognised');
  });

  it('survives a read that fails while the read before is applied, and resumes after what was applied', async () => {
    const [a = '', ...rest] = recorded();
    const server = await startStreamStandIn({ key: KEY, lines: { '/companies': [a] } });
    const applied: StreamEvent[] = [];
    let reads = 0;
    const stream = new CompaniesHouseStream<StreamEvent>({
      stream: 'companies',
      key: KEY,
      base: server.base,
      from: null,
      // The second read fails while the first is still being applied: no handler waits on it yet.
      read: async (lines) => {
        if (++reads !== 2) return readLinesHere(lines);
        await delay(10);
        throw new Error('the reader stopped');
      },
      apply: async (events) => {
        if (reads === 1) {
          server.append('/companies', rest);
          await delay(100);
        }
        applied.push(...events);
      },
      log: () => undefined,
      backoffMs: { first: 20, last: 200 },
    });
    stream.start();
    try {
      for (let i = 0; i < 300 && applied.length < 3; i++) await delay(10);
    } finally {
      await stream.stop();
      await server.stop();
    }
    assert.deepEqual(
      applied.map((e) => e.event.timepoint),
      [16998849, 16998850, 17055977],
    );
    assert.ok(server.requests.includes('/companies?timepoint=16998849'), server.requests.join(', '));
  });

  it('skips malformed lines and events sent again, counting them', async () => {
    const [a = '', b = '', c = ''] = recorded();
    const lines = [a, '{"resource_kind": "company-profile", "broken', a, 'not json at all', b, '{"event": {}}', c];
    const { applied, stream } = await follow({ lines: { '/companies': lines } }, (x) => x.length === 3);
    assert.equal(applied.length, 3);
    const status = stream.status();
    assert.equal(status.skipped, 3);
    assert.equal(status.duplicates, 1);
  });

  it('resumes from a given timepoint after a restart', async () => {
    const { applied, requests } = await follow({ lines: { '/companies': recorded() } }, (a) => a.length === 2, {
      from: 16998850,
    });
    assert.equal(requests[0], '/companies?timepoint=16998850');
    assert.deepEqual(
      applied.map((e) => e.event.timepoint),
      [16998850, 17055977],
    );
  });

  it('divides what a connection delivers at once into reads of at most READ_CHARS, applied in order', async () => {
    const lines = publishedAgain(150);
    assert.ok(lines.join('').length > 3 * READ_CHARS, 'the delivery spans several reads');
    const reads: string[][] = [];
    const { applied } = await follow({ lines: { '/companies': lines }, burst: true }, (a) => a.length === 150, {
      read: (read) => {
        reads.push([...read]);
        return readLinesHere(read);
      },
    });
    assert.deepEqual(
      applied.map((e) => e.event.timepoint),
      lines.map((_, i) => 20_000_000 + i),
    );
    assert.deepEqual(reads.flat(), lines, 'every line read once, in order');
    assert.ok(
      reads.some((read) => read.length > 1),
      'lines are read together',
    );
    for (const read of reads)
      assert.ok(
        read.length === 1 || read.join('').length <= READ_CHARS,
        `a read of ${read.length} lines, ${read.join('').length} characters`,
      );
  });

  it('applies no further read of a delivery once stopped, and keeps the timepoint of the last event applied', async () => {
    const server = await startStreamStandIn({ key: KEY, lines: { '/companies': publishedAgain(150) }, burst: true });
    const reads: string[][] = [];
    const applied: StreamEvent[] = [];
    /** The stop, once asked for. */
    const stopping: Array<Promise<void>> = [];
    const stream: CompaniesHouseStream<StreamEvent> = new CompaniesHouseStream<StreamEvent>({
      stream: 'companies',
      key: KEY,
      base: server.base,
      from: null,
      read: (read) => {
        reads.push([...read]);
        return readLinesHere(read);
      },
      // Stopped while the first read is applied, with the next read of the delivery already in the reader.
      apply: async (events) => {
        await delay(20);
        applied.push(...events);
        if (stopping.length === 0) stopping.push(stream.stop());
      },
      log: () => undefined,
      backoffMs: { first: 20, last: 200 },
    });
    stream.start();
    try {
      for (let i = 0; i < 300 && stopping.length === 0; i++) await delay(10);
      await Promise.all(stopping);
    } finally {
      await server.stop();
    }
    assert.ok(reads.length >= 2, `${reads.length} reads`);
    assert.equal(applied.length, reads[0]?.length, 'the first read only');
    assert.equal(stream.status().timepoint, applied.at(-1)?.event.timepoint);
  });

  it('shows a refused key in its status, applies nothing, and keeps trying', async () => {
    const { applied, stream, requests } = await follow(
      { lines: { '/companies': recorded() } },
      (_a, s) => s.status().connection === 'unauthorized',
      { key: 'wrong' },
    );
    assert.equal(applied.length, 0);
    assert.match(stream.status().last_error ?? '', /stream key was refused \(HTTP 401\)/);
    assert.ok(requests.length >= 1);
  });
});
