// The pulse feed: newest first, an exclusive instant cursor that sees every event once, instants never split.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseInstant, pulse } from '../../../../engine/app/capabilities/pulse.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import type { EventRecord } from '../../../../engine/model/records.js';
import { C } from '../../../../snapshots/demo/investigations/all.js';
import {
  getJson,
  investigationsOnly,
  startTestServer,
  type TestServer,
  useTestContext,
} from '../../../helpers/snapshot.js';

const suite = useTestContext();
let events: EventRecord[] | null = null;
/** Every event of the corpus, read once the corpus is loaded. */
const allEvents = (): EventRecord[] =>
  (events ??= Array.from({ length: suite.ctx.corpus.events.records.size }, (_, r) =>
    suite.ctx.corpus.events.records.get(r),
  ));

type Page = Awaited<ReturnType<typeof pulse.run>>;
const poll = async (params: Record<string, unknown>): Promise<Page> => pulse.run(suite.ctx, parseInput(pulse, params));
const ms = (at: string): number => Date.parse(at);

/** Follows next_since from `since` until has_more is false, returning every page. */
async function drain(params: Record<string, unknown>, since: string): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor = since;
  for (;;) {
    const page = await poll({ ...params, since: cursor });
    pages.push(page);
    assert.ok(pages.length <= allEvents().length + 1, 'the cursor must advance');
    if (!page.has_more) return pages;
    assert.ok(page.next_since !== null && ms(page.next_since) > ms(cursor), 'next_since moves forward');
    cursor = page.next_since;
  }
}

const C_OCT20 = ['demo-evt-c-008', 'demo-evt-c-009', 'demo-evt-c-010'];
const C_RESTRUCTURED = ['demo-evt-c-004', 'demo-evt-c-005', 'demo-evt-c-006'];

describe('pulse', () => {
  it('without since gives the newest events, newest first', async () => {
    const page = await poll({ limit: 1 });
    const newest = Math.max(...allEvents().map((e) => ms(e.occurred_at)));
    assert.ok(page.events.length >= 1);
    assert.ok(page.events.every((e) => ms(e.occurred_at) === newest));
    assert.equal(page.events.length, allEvents().filter((e) => ms(e.occurred_at) === newest).length);
    assert.equal(page.has_more, true, 'older events exist');
    assert.equal(ms(page.next_since ?? ''), newest);
    const forty = await poll({});
    assert.ok(forty.events.length >= 40);
    const times = forty.events.map((e) => ms(e.occurred_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('a limit=1 poll from the beginning sees every event of the corpus exactly once', async () => {
    const pages = await drain({ limit: 1 }, '1970-01-01T00:00:00Z');
    const seen = pages.flatMap((p) => p.events.map((e) => e.id));
    assert.equal(new Set(seen).size, seen.length, 'no event twice');
    assert.deepEqual(
      [...seen].sort(),
      allEvents()
        .map((e) => e.id)
        .sort(),
    );
    const instants = new Set<number>();
    for (const p of pages) {
      const times = p.events.map((e) => ms(e.occurred_at));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
        'newest first within a page',
      );
      // A page holds more than one event only to keep an instant together; no instant appears on two pages.
      assert.equal(new Set(times).size, Math.min(1, times.length));
      for (const t of new Set(times)) {
        assert.ok(!instants.has(t), `instant ${new Date(t).toISOString()} split across pages`);
        instants.add(t);
      }
      const page = p.events.map((e) => e.id);
      for (const group of [C_OCT20, C_RESTRUCTURED]) {
        const inPage = group.filter((id) => page.includes(id));
        assert.ok(inPage.length === 0 || inPage.length === group.length, `${group.join(', ')} split`);
      }
    }
  });

  it('keeps events that share an instant on one page, beyond the limit', async () => {
    const page = await poll({ limit: 1, since: '2026-10-19T23:59:59Z' });
    for (const id of C_OCT20)
      assert.ok(
        page.events.some((e) => e.id === id),
        id,
      );
    assert.ok(page.events.every((e) => e.occurred_at === '2026-10-20T00:00:00Z'));
    assert.equal(page.next_since, '2026-10-20T00:00:00Z');
    assert.equal(page.has_more, true);
    const c = page.events.find((e) => e.id === 'demo-evt-c-010');
    assert.equal(c?.entity.id, C.ukSubsidiary);
    assert.equal(c?.provenance.record_id, 'demo-c-demo-evt-c-010');
    assert.ok(c?.provenance.url);
  });

  it('kind=filing returns only filing events, and still keeps an instant together', async () => {
    const pages = await drain({ kind: 'filing', limit: 25 }, '1970-01-01T00:00:00Z');
    const seen = pages.flatMap((p) => p.events);
    assert.ok(seen.every((e) => e.kind === 'filing'));
    assert.equal(seen.length, allEvents().filter((e) => e.kind === 'filing').length);
    const ownership = await poll({ kind: 'ownership', limit: 1, since: '2026-09-13T23:59:59Z' });
    for (const id of C_RESTRUCTURED)
      assert.ok(
        ownership.events.some((e) => e.id === id),
        id,
      );
    assert.ok(ownership.events.every((e) => e.kind === 'ownership'));
    const newestFilings = await poll({ kind: 'filing' });
    assert.ok(newestFilings.events.length >= 40 && newestFilings.events.every((e) => e.kind === 'filing'));
  });

  it('a reserved kind returns empty; a since after every event returns empty with since again', async () => {
    assert.deepEqual(await poll({ kind: 'foo' }), { events: [], next_since: null, has_more: false });
    assert.deepEqual(await poll({ kind: 'foo', since: '2026-01-01T00:00:00Z' }), {
      events: [],
      next_since: '2026-01-01T00:00:00Z',
      has_more: false,
    });
    assert.deepEqual(await poll({ since: '2030-01-01T00:00:00Z' }), {
      events: [],
      next_since: '2030-01-01T00:00:00Z',
      has_more: false,
    });
  });

  it('rejects a limit above 100 and a since that is not an instant', () => {
    assert.throws(() => parseInput(pulse, { limit: 101 }), { code: 'invalid_parameter' });
    assert.throws(() => parseInput(pulse, { limit: 0 }), { code: 'invalid_parameter' });
    assert.throws(() => parseInput(pulse, { since: 'garbage' }), { code: 'invalid_parameter' });
    assert.throws(() => parseInput(pulse, { since: '2026-02-30T00:00:00Z' }), { code: 'invalid_parameter' });
    assert.throws(() => parseInput(pulse, { kind: 'x'.repeat(41) }), { code: 'invalid_parameter' });
  });

  it('reads instants with offsets and bare dates', () => {
    assert.equal(parseInstant('2026-11-01T01:30:00+01:30'), Date.parse('2026-11-01T00:00:00Z'));
    assert.equal(parseInstant('2026-11-01'), Date.parse('2026-11-01T00:00:00Z'));
    assert.equal(parseInstant('2026-11-01T00:00:00.1234Z'), Date.parse('2026-11-01T00:00:00.123Z'));
    assert.equal(parseInstant('2026-11-01T24:00:00Z'), null);
    assert.equal(parseInstant('1 Nov 2026'), null);
  });
});

describe('GET /pulse over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(investigationsOnly());
  });
  after(async () => {
    await server.stop();
  });

  it('answers 200 and 400', async () => {
    const url = (query: string): string => `${server.base}/api/public/pulse${query}`;
    const ok = await getJson<{ events: Array<{ id: string }>; next_since: string | null; has_more: boolean }>(
      url('?limit=2&since=2026-10-19T23:59:59Z'),
    );
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.events.map((e) => e.id).sort(), C_OCT20);
    assert.equal(ok.headers.get('x-credits-cost'), '1');
    const foo = await getJson<{ events: unknown[] }>(url('?kind=foo'));
    assert.equal(foo.status, 200);
    assert.deepEqual(foo.body.events, []);
    for (const bad of ['?limit=101', '?limit=abc', '?since=garbage']) {
      const r = await getJson<{ error: { code: string; param?: string } }>(url(bad));
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.error.code, 'invalid_parameter');
    }
  });
});
