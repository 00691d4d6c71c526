// Live changes to a loaded corpus, read back through the capabilities: search, entity, dossier, ownership path,
// sanctions, offshore exposure, stats and pulse all follow a change at once.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { dossier } from '../../../engine/app/capabilities/dossier.js';
import { getEntity } from '../../../engine/app/capabilities/get-entity.js';
import { offshoreExposureCapability as offshoreExposure } from '../../../engine/app/capabilities/offshore-exposure.js';
import { ownershipPath } from '../../../engine/app/capabilities/ownership-path.js';
import { pulse } from '../../../engine/app/capabilities/pulse.js';
import { sanctions } from '../../../engine/app/capabilities/sanctions.js';
import { searchEntities } from '../../../engine/app/capabilities/search-entities.js';
import { stats } from '../../../engine/app/capabilities/stats.js';
import type { Capability, Context, InputShape } from '../../../engine/app/contract/capability.js';
import type { z } from 'zod';
import { parseInput } from '../../../engine/app/contract/validate.js';
import { CorpusChangeSchema, type CorpusChangeInput } from '../../../engine/live/corpus-change.js';
import { LiveCorpus } from '../../../engine/live/live-corpus.js';
import { C } from '../../../snapshots/demo/investigations/all.js';
import { investigationsOnly, useTestContext } from '../../helpers/snapshot.js';

const suite = useTestContext(investigationsOnly());

const call = async <I extends InputShape, O extends z.ZodType>(
  capability: Capability<I, O>,
  input: Record<string, unknown>,
): Promise<z.output<O>> => capability.run(suite.ctx, parseInput(capability, input));

const provenance = (recordId: string) => ({
  source: 'gb-coh',
  record_id: recordId,
  url: `https://find-and-update.company-information.service.gov.uk/company/99000200/persons-with-significant-control`,
  retrieved_at: '2026-11-25',
});

const BVI_HOLDER = 'gb-coh-psc:99000200/live-bvi-holder';

/** A corporate PSC registered in the British Virgin Islands, notified today for the demo's UK subsidiary. */
const bviPsc: CorpusChangeInput = {
  entities: [
    {
      record: 'entity',
      id: BVI_HOLDER,
      type: 'company',
      name: 'Quillmere Harbour Holdings Ltd',
      jurisdiction: 'VG',
      provenance: [provenance('99000200/live-bvi-holder')],
    },
  ],
  relationships: [
    {
      record: 'relationship',
      source: BVI_HOLDER,
      target: C.ukSubsidiary,
      kind: 'ownership',
      role: 'psc',
      share: { min: 25, max: 50 },
      natures: ['ownership-of-shares-25-to-50-percent'],
      start_date: '2026-11-24',
      provenance: provenance('99000200/live-bvi-holder'),
    },
  ],
  events: [
    {
      record: 'event',
      id: 'gb-coh:99000200/psc/live-bvi-holder/notified',
      entity_id: C.ukSubsidiary,
      kind: 'ownership',
      type: 'psc-notified',
      occurred_at: '2026-11-24T00:00:00Z',
      summary: 'Quillmere Harbour Holdings Ltd notified as a person with significant control',
      provenance: provenance('99000200/live-bvi-holder'),
    },
    {
      record: 'event',
      id: 'gb-coh:99000200/filing/live-accounts',
      entity_id: C.ukSubsidiary,
      kind: 'filing',
      type: 'accounts-filed',
      occurred_at: '2026-11-17T00:00:00Z',
      summary: 'Full accounts made up to 2026-03-31 filed',
      provenance: provenance('99000200/filing-history/live-accounts'),
    },
  ],
};

const listing = {
  record: 'listing' as const,
  entity_id: C.usUltimateParent,
  list: 'EU' as const,
  program: 'RUSSIA',
  listed_on: '2026-11-25',
  reference: 'LIVE-TEST-1',
  provenance: {
    source: 'eu',
    record_id: 'LIVE-TEST-1',
    url: 'https://webgate.ec.europa.eu/fsd/fsf',
    retrieved_at: '2026-11-25',
  },
};

describe('a live corpus', () => {
  let live: LiveCorpus;
  let ctx: Context;
  before(() => {
    ctx = suite.ctx;
    live = new LiveCorpus(ctx.corpus);
  });

  it('takes a corporate PSC, and every operation sees it at once', async () => {
    const before = await call(stats, {});
    const feedStart = (await call(pulse, { limit: 1 })).next_since;
    assert.ok(feedStart !== null);

    const result = live.apply(CorpusChangeSchema.parse(bviPsc), Date.parse('2026-11-25T10:00:00Z'));
    assert.equal(result.skipped.length, 0, JSON.stringify(result.skipped));
    assert.equal(result.applied, 4);

    const after = await call(stats, {});
    assert.equal(after.entities, before.entities + 1);
    assert.equal(after.relationships, before.relationships + 1);
    assert.equal(after.by_type.company, before.by_type.company + 1);

    const hits = await call(searchEntities, { q: 'Quillmere Harbour Holdings' });
    assert.equal(hits.hits[0]?.id, BVI_HOLDER);

    const entity = await call(getEntity, { id: C.ukSubsidiary });
    assert.ok(entity.connections.some((c) => c.other.id === BVI_HOLDER && c.direction === 'in' && c.role === 'psc'));

    const d = await call(dossier, { id: C.ukSubsidiary });
    assert.ok(d.ownership.direct_owners.some((c) => c.other.id === BVI_HOLDER));

    const path = await call(ownershipPath, { root: C.ukSubsidiary });
    assert.ok(path.hops.some((h) => h.to.id === BVI_HOLDER && h.depth === 1));

    const offshore = await call(offshoreExposure, { id: C.ukSubsidiary });
    const hop = offshore.hops.find((h) => h.to.id === BVI_HOLDER);
    assert.equal(hop?.jurisdiction, 'VG');
    assert.equal(hop?.secrecy?.secrecy_hop, true);

    const holder = await call(getEntity, { id: BVI_HOLDER });
    assert.deepEqual(holder.entity.roles, ['psc']);

    const feed = await call(pulse, { since: feedStart });
    assert.deepEqual(
      feed.events.map((e) => e.id),
      ['gb-coh:99000200/filing/live-accounts', 'gb-coh:99000200/psc/live-bvi-holder/notified'],
    );
    const filing = feed.events.find((e) => e.kind === 'filing');
    assert.equal(filing?.occurred_at, '2026-11-17T00:00:00Z', 'the registry date is kept');
    assert.equal(filing?.applied_at, '2026-11-25T10:00:00Z');
    assert.equal(feed.next_since, '2026-11-25T10:00:00Z');
    const owned = await call(pulse, { since: feedStart, kind: 'ownership' });
    assert.deepEqual(
      owned.events.map((e) => e.provenance.record_id),
      ['99000200/live-bvi-holder'],
    );
    const again = await call(pulse, { since: feed.next_since });
    assert.equal(again.events.length, 0, 'a consumer polling with next_since sees each event once');
  });

  it('applying the same change again changes nothing', async () => {
    const before = await call(stats, {});
    const result = live.apply(CorpusChangeSchema.parse(bviPsc), Date.parse('2026-11-25T10:05:00Z'));
    assert.equal(result.applied, 0);
    assert.equal(result.unchanged, 4);
    assert.deepEqual(await call(stats, {}), before);
  });

  it('a changed PSC replaces the one it updates; a ceased one leaves the current owners', async () => {
    const changed = structuredClone(bviPsc);
    const rel = changed.relationships?.[0];
    assert.ok(rel !== undefined);
    rel.share = { min: 50, max: 75 };
    live.apply(CorpusChangeSchema.parse({ relationships: [rel] }), Date.now());
    let entity = await call(getEntity, { id: C.ukSubsidiary });
    const holders = entity.connections.filter((c) => c.other.id === BVI_HOLDER);
    assert.deepEqual(
      holders.map((c) => c.share),
      [{ min: 50, max: 75 }],
    );

    live.apply(CorpusChangeSchema.parse({ relationships: [{ ...rel, end_date: '2026-11-25' }] }), Date.now());
    const d = await call(dossier, { id: C.ukSubsidiary });
    assert.ok(!d.ownership.direct_owners.some((c) => c.other.id === BVI_HOLDER), 'a ceased PSC is not a current owner');
    entity = await call(getEntity, { id: C.ukSubsidiary });
    assert.equal(entity.connections.filter((c) => c.other.id === BVI_HOLDER).length, 1, 'but stays on record');
  });

  it('a listing of the ultimate parent reaches the company through control, and a delisting reverses it', async () => {
    const risk = async (id: string) => (await call(getEntity, { id })).entity.risk;
    const highBefore = (await call(stats, {})).high_risk_entities;
    assert.equal((await call(sanctions, { id: C.ukSubsidiary })).via_ownership.length, 0);
    const riskBefore = await risk(C.ukSubsidiary);
    assert.notEqual(riskBefore, 'HIGH');

    live.apply(CorpusChangeSchema.parse({ listings: [listing] }), Date.now());
    const exposed = await call(sanctions, { id: C.ukSubsidiary });
    assert.ok(
      exposed.via_ownership.some(
        (v) => v.owner.id === C.usUltimateParent && v.list === 'EU' && v.verdict === 'certain',
      ),
    );
    assert.equal(await risk(C.ukSubsidiary), 'HIGH');
    assert.equal(await risk(C.usUltimateParent), 'HIGH');
    assert.equal((await call(sanctions, { id: C.usUltimateParent })).sanctioned, true);
    const d = await call(dossier, { id: C.ukSubsidiary });
    assert.equal(d.risk.level, 'HIGH');
    const highDuring = (await call(stats, {})).high_risk_entities;
    assert.ok(highDuring >= highBefore + 2, `${highDuring} high-risk entities, ${highBefore} before`);
    const hits = await call(searchEntities, { q: 'Halden' });
    assert.ok(
      hits.hits.some((h) => h.id === C.ukSubsidiary && h.risk === 'HIGH'),
      'search hits carry the new risk',
    );

    live.apply(
      CorpusChangeSchema.parse({
        removed_listings: [{ entity_id: listing.entity_id, list: listing.list, reference: listing.reference }],
      }),
      Date.now(),
    );
    assert.equal((await call(sanctions, { id: C.ukSubsidiary })).via_ownership.length, 0);
    assert.equal(await risk(C.ukSubsidiary), riskBefore);
    assert.equal((await call(stats, {})).high_risk_entities, highBefore);
  });

  it("a new record that shares a listed party's identifier joins its cluster, and what it then owns is exposed", async () => {
    const nominee = 'gb-coh-psc:99000200/live-volkhonsky';
    const joined = live.apply(
      CorpusChangeSchema.parse({
        entities: [
          {
            record: 'entity',
            id: nominee,
            type: 'person',
            name: 'Arkady Sergeyevich Volkhonsky',
            jurisdiction: 'RU',
            identifiers: [{ scheme: 'ofac', value: '9900001' }],
            provenance: [provenance('99000200/live-volkhonsky')],
          },
        ],
      }),
      Date.now(),
    );
    assert.equal(joined.applied, 1);
    const person = await call(getEntity, { id: nominee });
    assert.equal(person.entity.risk, 'HIGH', 'a record of a sanctioned cluster is HIGH');
    assert.equal((await call(sanctions, { id: C.ukSubsidiary })).via_ownership.length, 0);

    live.apply(
      CorpusChangeSchema.parse({
        relationships: [
          {
            record: 'relationship',
            source: nominee,
            target: C.ukSubsidiary,
            kind: 'ownership',
            role: 'psc',
            share: { min: 50, max: 75 },
            natures: ['ownership-of-shares-50-to-75-percent'],
            start_date: '2026-11-26',
            provenance: provenance('99000200/live-volkhonsky'),
          },
        ],
      }),
      Date.now(),
    );
    const exposed = await call(sanctions, { id: C.ukSubsidiary });
    assert.ok(
      exposed.via_ownership.some((v) => v.owner.id === nominee || v.owner.id === 'ofac:9900001'),
      JSON.stringify(exposed.via_ownership),
    );
    assert.equal((await call(getEntity, { id: C.ukSubsidiary })).entity.risk, 'HIGH');
  });

  it('links a new record by name on what the candidate record says now, not when it was first compared', () => {
    const person = (id: string, source: string, birth: string) => ({
      record: 'entity' as const,
      id,
      type: 'person' as const,
      name: 'Corvin Aldous Pemberton',
      birth_date: birth,
      provenance: [{ ...provenance(id), source }],
    });
    const apply = (...entities: ReturnType<typeof person>[]): void =>
      void live.apply(CorpusChangeSchema.parse({ entities }), Date.now());
    const { entities } = ctx.corpus;
    const clusterOf = (id: string): number => entities.cluster(entities.indexOf(id) ?? assert.fail(id));
    apply(person('gb-coh-psc:99000200/pemberton', 'gb-coh', '1961-04-02'));
    apply(person('os:pemberton-1', 'os', '1975-09-09'));
    assert.notEqual(clusterOf('os:pemberton-1'), clusterOf('gb-coh-psc:99000200/pemberton'), 'born 14 years apart');
    // The registry corrects the birth date; a record of another publisher with that date is the same person.
    apply(person('gb-coh-psc:99000200/pemberton', 'gb-coh', '1975-09-09'));
    apply(person('os:pemberton-2', 'os', '1975-09-09'));
    assert.equal(clusterOf('os:pemberton-2'), clusterOf('gb-coh-psc:99000200/pemberton'));
  });

  it('skips what names an entity it does not hold, and says why', () => {
    const result = live.apply(
      CorpusChangeSchema.parse({ listings: [{ ...listing, entity_id: 'ofac:does-not-exist' }] }),
      Date.now(),
    );
    assert.equal(result.applied, 0);
    assert.match(result.skipped[0]?.reason ?? '', /unknown entity ofac:does-not-exist/);
  });
});
