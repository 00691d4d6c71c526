// The Companies House streams followed by a running service (a local stand-in speaking the Streaming API, with the
// real recorded events and events of the same shape about the test snapshot's companies): each event changes what
// every operation answers, pulse shows it once, and a kill -9 mid-stream loses nothing and resumes where it stopped.
import assert from 'node:assert/strict';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { C } from '../../../snapshots/demo/investigations/all.js';
import { spawnServe } from '../../helpers/cli.js';
import { startStreamStandIn, type StreamStandIn } from '../../helpers/companies-house-stream-server.js';
import { sharedData, skipUnlessShared } from '../../helpers/shared-data.js';
import {
  buildTestSnapshot,
  getJson,
  investigationsOnly,
  startTestServer,
  tempDir,
  UNLIMITED,
  type TestServer,
} from '../../helpers/snapshot.js';
import {
  companiesCapture,
  corporatePscEvent,
  filingsInFeed,
  line,
  manyFilings,
  readdressed,
  sampleEvent,
} from '../../helpers/stream-events.js';

const STREAMING = ['companies-house', 'api', 'streaming'];
const KEY = 'ch-stream-test-key';
const SUBSIDIARY = C.ukSubsidiary.slice('gb-coh:'.length);
const BVI_PSC = 'QuillmereHarbour01';
/** Before every event the streams bring (they are applied now), after the snapshot's own. */
const FEED_START = '2026-11-23T00:00:00Z';

/** What the registry sends on each stream: recorded events, events about the snapshot's companies, and noise. */
function streamLines(streaming: string): Record<string, string[]> {
  const pscSample = sampleEvent(streaming, 'persons-with-significant-control');
  const bvi = corporatePscEvent({
    number: SUBSIDIARY,
    id: BVI_PSC,
    name: 'Quillmere Harbour Holdings Ltd',
    country: 'British Virgin Islands',
    nature: 'ownership-of-shares-25-to-50-percent',
    notified: '2026-11-24',
    timepoint: pscSample.event.timepoint + 10,
    published: '2026-11-25T09:00:00',
  });
  const filing = readdressed(sampleEvent(streaming, 'filings'), SUBSIDIARY, 48990580);
  return {
    '/persons-with-significant-control': [
      line(pscSample), // a company the snapshot does not hold: not applied, counted
      '{"resource_kind": "company-psc-individual", "resource_uri": ', // malformed: skipped
      line(bvi),
      line(bvi), // sent again: applied once
    ],
    '/filings': [line(filing), line(sampleEvent(streaming, 'filings'))],
    '/companies': companiesCapture(streaming),
    '/officers': [line(sampleEvent(streaming, 'officers'))],
    '/charges': [line(sampleEvent(streaming, 'charges'))],
    '/disqualified-officers': [line(sampleEvent(streaming, 'disqualified-officers'))],
    '/insolvency-cases': [],
  };
}

interface Readyz {
  live: {
    streams: Array<{ stream: string; applied: number; skipped: number; duplicates: number; timepoint: number | null }>;
  };
}

/** Waits until every event the stand-in holds has been taken by the service. */
async function untilIngested(base: string, lines: Record<string, string[]>): Promise<Readyz> {
  for (let i = 0; i < 400; i++) {
    const r = await getJson<Readyz>(`${base}/readyz`);
    const done = r.body.live.streams.every((s) => {
      const sent = lines[`/${s.stream}`] ?? [];
      return s.applied + s.skipped + s.duplicates >= sent.length;
    });
    if (done) return r.body;
    await delay(25);
  }
  throw new Error('the streams were not ingested in 10 s');
}

const streamEnv = (stand: StreamStandIn): Record<string, string> => ({
  UNSHELL_EMBED_BACKGROUND: 'off',
  UNSHELL_CH_STREAM_KEY: KEY,
  UNSHELL_CH_STREAM_BASE: stand.base,
});

describe('the Companies House streams, followed', { skip: skipUnlessShared(...STREAMING) }, () => {
  const lines = streamLines(sharedData(...STREAMING) ?? '');
  let stand: StreamStandIn;
  let server: TestServer;
  before(async () => {
    stand = await startStreamStandIn({ key: KEY, lines, heartbeatMs: 20 });
    server = await startTestServer(investigationsOnly(), { env: streamEnv(stand) });
  });
  after(async () => {
    await server.stop();
    await stand.stop();
  });

  it('applies each stream, skipping what it cannot read and what it was sent twice', async () => {
    const status = await untilIngested(server.base, lines);
    const psc = status.live.streams.find((s) => s.stream === 'persons-with-significant-control');
    assert.deepEqual(
      { applied: psc?.applied, skipped: psc?.skipped, duplicates: psc?.duplicates },
      { applied: 2, skipped: 1, duplicates: 1 },
    );
    assert.equal(status.live.streams.length, 7);
  });

  it('a PSC event changes the ownership graph, dossier, ownership path, offshore exposure and stats', async () => {
    const entity = await getJson<{ connections: Array<{ other: { id: string; name: string }; role: string }> }>(
      `${server.base}/api/public/entity/${C.ukSubsidiary}`,
    );
    const holder = entity.body.connections.find((c) => c.other.name === 'Quillmere Harbour Holdings Ltd');
    assert.equal(holder?.role, 'psc');
    const d = await getJson<{ ownership: { direct_owners: Array<{ other: { id: string } }> } }>(
      `${server.base}/api/public/dossier/${C.ukSubsidiary}`,
    );
    assert.ok(d.body.ownership.direct_owners.some((o) => o.other.id === holder?.other.id));
    const p = await getJson<{ hops: Array<{ to: { id: string } }> }>(
      `${server.base}/api/public/ownership-path?root=${C.ukSubsidiary}`,
    );
    assert.ok(p.body.hops.some((h) => h.to.id === holder?.other.id));
    const o = await getJson<{
      hops: Array<{ to: { id: string }; jurisdiction: string | null }>;
      flags: { secrecy_hops: number };
    }>(`${server.base}/api/public/offshore-exposure/${C.ukSubsidiary}`);
    assert.equal(o.body.hops.find((h) => h.to.id === holder?.other.id)?.jurisdiction, 'VG');
    const stats = await getJson<{
      sources: Array<{ code: string; last_change_at: string | null; lag_seconds: number | null }>;
    }>(`${server.base}/api/public/stats`);
    const ch = stats.body.sources.find((s) => s.code === 'gb-coh');
    assert.ok(ch?.last_change_at !== null && ch?.last_change_at !== undefined);
    assert.ok(typeof ch.lag_seconds === 'number');
  });

  it('a new company from the companies stream is searchable', async () => {
    const r = await getJson<{ hits: Array<{ id: string; name: string }> }>(
      `${server.base}/api/public/entity/search?q=${encodeURIComponent('Mifflin Construction')}`,
    );
    assert.equal(r.body.hits[0]?.id, 'gb-coh:00967252');
  });

  it('pulse shows the PSC under ownership and the filing under filing, each once to a consumer following next_since', async () => {
    const own = await getJson<{ events: Array<{ type: string; entity: { id: string }; provenance: { url: string } }> }>(
      `${server.base}/api/public/pulse?kind=ownership&since=${FEED_START}`,
    );
    const notified = own.body.events.find((e) => e.type === 'psc-notified' && e.entity.id === C.ukSubsidiary);
    assert.ok(notified !== undefined, JSON.stringify(own.body.events));
    assert.match(notified.provenance.url, /persons-with-significant-control/);
    const filings = await getJson<{
      events: Array<{ entity: { id: string }; occurred_at: string; applied_at: string }>;
    }>(`${server.base}/api/public/pulse?kind=filing&since=${FEED_START}`);
    const filing = filings.body.events.find((e) => e.entity.id === C.ukSubsidiary);
    assert.equal(filing?.occurred_at, '2021-01-22T00:00:00Z', "the registry's date is kept");
    assert.ok((filing?.applied_at ?? '') > '2026-01-01', 'and it is new to the feed when it arrives');

    // A consumer that started before the events and follows next_since, page by page, sees every event once.
    const seen: string[] = [];
    let since = FEED_START;
    for (let page = 0; page < 50; page++) {
      const r = await getJson<{ events: Array<{ id: string }>; next_since: string; has_more: boolean }>(
        `${server.base}/api/public/pulse?limit=1&since=${encodeURIComponent(since)}`,
      );
      seen.push(...r.body.events.map((e) => e.id));
      since = r.body.next_since;
      if (!r.body.has_more) break;
    }
    assert.equal(new Set(seen).size, seen.length, 'no event twice');
    assert.ok(seen.includes(`gb-coh:${SUBSIDIARY}/filing-history/MzI4OTQzODc5MGFkaXF6a2N4`));
  });
});

describe('a service killed with SIGKILL while it ingests', { skip: skipUnlessShared(...STREAMING) }, () => {
  it('restarts with every applied event once, and resumes the stream from its last applied timepoint', async () => {
    const filings = manyFilings(sharedData(...STREAMING) ?? '', SUBSIDIARY, 400);
    const t = tempDir('stream-kill');
    const snapshot = path.join(t.dir, 'snapshot');
    const data = path.join(t.dir, 'data');
    await buildTestSnapshot(snapshot, investigationsOnly());
    const stand = await startStreamStandIn({ key: KEY, lines: { '/filings': filings }, heartbeatMs: 20 });
    const env = { ...UNLIMITED, ...streamEnv(stand) };
    try {
      const first = await spawnServe(snapshot, data, env);
      let applied = 0;
      for (let i = 0; i < 400 && applied < 50; i++) {
        const r = await getJson<Readyz>(`${first.base}/readyz`);
        applied = r.body.live.streams.find((s) => s.stream === 'filings')?.applied ?? 0;
        await delay(10);
      }
      const requestsBefore = stand.requests.length;
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      assert.ok(applied >= 50 && applied < filings.length, `killed after ${applied} of ${filings.length} events`);

      const second = await spawnServe(snapshot, data, env);
      try {
        assert.match(second.stderr(), /live: replayed \d+ journalled changes/);
        let seen: string[] = [];
        for (let i = 0; i < 400 && seen.length < filings.length; i++) {
          seen = await filingsInFeed(second.base, FEED_START);
          await delay(25);
        }
        assert.equal(seen.length, filings.length, 'every event, none lost and none twice');
        assert.equal(new Set(seen).size, seen.length);
        const resumed = stand.requests.slice(requestsBefore).find((r) => r.startsWith('/filings'));
        const from = Number(/timepoint=(\d+)/.exec(resumed ?? '')?.[1]);
        assert.ok(from >= 50_000_000 + applied - 1, `resumed from ${resumed}, after ${applied} applied`);
      } finally {
        second.child.kill('SIGKILL');
      }
    } finally {
      await stand.stop();
      t.remove();
    }
  });
});
