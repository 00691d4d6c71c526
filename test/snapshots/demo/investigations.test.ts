// The seeded demo investigations: every record valid and marked demo, every reference resolved, each story's claims true.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  NormalisedRecordSchema,
  type EntityRecord,
  type FinancialsRecord,
  type ListingRecord,
  type NormalisedRecord,
  type NormalisedRecordInput,
  type RelationshipRecord,
  type Share,
} from '../../../engine/model/records.js';
import {
  A,
  B,
  B_SHARED_ADDRESS,
  C,
  C_RESTRUCTURED_ON,
  demoInvestigations,
} from '../../../snapshots/demo/investigations/all.js';
import { investigationA } from '../../../snapshots/demo/investigations/investigation-a-sanctions-property.js';
import { investigationB } from '../../../snapshots/demo/investigations/investigation-b-formation-agent.js';
import { investigationC } from '../../../snapshots/demo/investigations/investigation-c-group-distress.js';

const parseAll = (inputs: NormalisedRecordInput[]): NormalisedRecord[] =>
  inputs.map((r) => NormalisedRecordSchema.parse(r));

const records = parseAll(demoInvestigations());
const entities = records.filter((r): r is EntityRecord => r.record === 'entity');
const relationships = records.filter((r): r is RelationshipRecord => r.record === 'relationship');
const entityById = new Map(entities.map((e) => [e.id, e]));

/** Entity ids a record points at (an entity points at none). */
function references(r: NormalisedRecord): string[] {
  return r.record === 'entity' ? [] : r.record === 'relationship' ? [r.source, r.target] : [r.entity_id];
}

function provenances(r: NormalisedRecord) {
  return r.record === 'entity' ? r.provenance : [r.provenance];
}

/** ISO 17442: the whole LEI, letters as 10..35, is 1 mod 97. */
function isValidLei(lei: string): boolean {
  if (!/^[0-9A-Z]{18}[0-9]{2}$/.test(lei)) return false;
  const digits = lei.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

/** Sum over ownership paths of the product of share intervals, ignoring ended relationships; `null` if no path. */
function effectiveShare(owner: string, target: string, seen: ReadonlySet<string> = new Set([target])): Share | null {
  let total: Share | null = null;
  for (const r of relationships) {
    if (r.kind !== 'ownership' || r.target !== target || r.end_date !== null || r.share === null) continue;
    const upstream: Share | null =
      r.source === owner
        ? { min: 100, max: 100 }
        : seen.has(r.source)
          ? null
          : effectiveShare(owner, r.source, new Set([...seen, r.source]));
    if (upstream === null) continue;
    const path = { min: (upstream.min * r.share.min) / 100, max: (upstream.max * r.share.max) / 100 };
    total = total === null ? path : { min: total.min + path.min, max: Math.min(100, total.max + path.max) };
  }
  return total;
}

/** Ids reachable from `id` over identity links, `id` included. */
function identityCluster(id: string): Set<string> {
  const cluster = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of relationships) {
      if (r.kind !== 'identity') continue;
      if (cluster.has(r.source) !== cluster.has(r.target)) {
        cluster.add(r.source).add(r.target);
        grew = true;
      }
    }
  }
  return cluster;
}

describe('demo investigations: records', () => {
  it('all parse, and entity ids are unique', () => {
    assert.ok(records.length > 100);
    assert.equal(entityById.size, entities.length);
  });

  it('each investigation only refers to its own entities, so the three are independent', () => {
    for (const investigation of [investigationA, investigationB, investigationC]) {
      const own = parseAll(investigation());
      const ids = new Set(own.filter((r): r is EntityRecord => r.record === 'entity').map((r) => r.id));
      for (const r of own)
        for (const ref of references(r)) assert.ok(ids.has(ref), `${r.record} refers to unknown ${ref}`);
    }
  });

  it('every provenance is demo, has no url, a note and a record id unique across the corpus', () => {
    const recordIds = new Set<string>();
    for (const prov of records.flatMap(provenances)) {
      assert.equal(prov.source, 'demo');
      assert.equal(prov.url, null);
      assert.equal(prov.retrieved_at, '2026-11-01');
      assert.match(prov.note ?? '', /^Fictional demo investigation [ABC]: ./);
      assert.ok(!recordIds.has(prov.record_id), `duplicate record_id ${prov.record_id}`);
      recordIds.add(prov.record_id);
    }
  });

  it('UK company numbers are all in the unallocated 99xxxxxx range', () => {
    for (const e of entities) {
      if (e.id.startsWith('gb-coh:')) assert.match(e.id, /^gb-coh:99\d{6}$/);
      for (const i of e.identifiers) if (i.scheme === 'gb-coh') assert.match(i.value, /^99\d{6}$/);
      if (e.company?.company_number !== undefined) assert.match(e.company.company_number, /^99\d{6}$/);
    }
  });

  it('LEIs carry valid ISO 17442 check digits', () => {
    const leis = entities.flatMap((e) => [
      ...e.identifiers.filter((i) => i.scheme === 'lei').map((i) => i.value),
      ...(e.id.startsWith('lei:') ? [e.id.slice(4)] : []),
    ]);
    assert.equal(new Set(leis).size, 3);
    for (const lei of leis) assert.ok(isValidLei(lei), lei);
    assert.ok(!isValidLei(C.ukSubsidiaryLei.slice(0, 18) + '00'));
  });

  it('every entity has an address; every person a birth date', () => {
    for (const e of entities) {
      assert.ok(e.addresses.length > 0, e.id);
      if (e.type === 'person') assert.notEqual(e.birth_date, null, e.id);
    }
  });

  it('event ids are unique and nothing happens after 2026-11-21', () => {
    const events = records.filter((r) => r.record === 'event');
    assert.equal(new Set(events.map((e) => e.id)).size, events.length);
    for (const e of events) assert.ok(e.occurred_at < '2026-11-22T00:00:00Z', e.id);
  });
});

describe('demo investigation A: sanctions behind a UK property company', () => {
  it('the beneficial owner is one person with an OFAC and a UK listing', () => {
    const cluster = identityCluster(A.beneficialOwner);
    assert.deepEqual([...cluster].sort(), [A.beneficialOwner, A.ofacRecord, A.ukRecord].sort());
    const listings = records.filter((r): r is ListingRecord => r.record === 'listing' && cluster.has(r.entity_id));
    assert.deepEqual(listings.map((l) => `${l.list}:${l.reference}`).sort(), ['OFAC:9900001', 'UK:DEM0001']);
    for (const l of listings) {
      const listed = entityById.get(l.entity_id);
      assert.ok(listed !== undefined && listed.topics.includes('sanction'));
      assert.ok(listed.identifiers.some((i) => i.scheme === l.list.toLowerCase() && i.value === l.reference));
    }
  });

  it('the 50% rule certainly applies to the property company: effective [56.25, 100]', () => {
    const share = effectiveShare(A.beneficialOwner, A.ukProperty);
    assert.deepEqual(share, { min: 56.25, max: 100 });
    assert.ok(share !== null && share.min >= 50);
  });

  it('the 50% rule only possibly applies to the management company: effective [43.75, 100]', () => {
    const share = effectiveShare(A.beneficialOwner, A.ukManagement);
    assert.deepEqual(share, { min: 43.75, max: 100 });
    assert.ok(share !== null && share.min < 50 && share.max >= 50);
    assert.deepEqual(effectiveShare(A.coOwner, A.ukManagement), { min: 25, max: 50 });
  });
});

describe('demo investigation B: a formation-agent network', () => {
  const companies = entities.filter((e) => e.addresses.includes(B_SHARED_ADDRESS));

  it('the agent and 32 clients share one registered address, and the agent directs every client', () => {
    assert.equal(companies.length, 33);
    const directed = relationships
      .filter((r) => r.source === B.agent && r.role === 'corporate-director')
      .map((r) => r.target);
    assert.equal(new Set(directed).size, 32);
    assert.ok(entityById.get(B.agent)?.topics.includes('formation-agent'));
  });

  it('three clients own each other in a loop', () => {
    const owns = (a: string, b: string) =>
      relationships.some((r) => r.kind === 'ownership' && r.source === a && r.target === b);
    assert.ok(owns(B.loopA, B.loopB) && owns(B.loopB, B.loopC) && owns(B.loopC, B.loopA));
  });

  it('the PEP owns 75-100% of one client, and another client declares no PSC', () => {
    assert.ok(entityById.get(B.pep)?.topics.includes('pep'));
    assert.deepEqual(effectiveShare(B.pep, B.pepCompany), { min: 75, max: 100 });
    assert.ok(
      records.some(
        (r) =>
          r.record === 'statement' &&
          r.entity_id === B.noPscCompany &&
          r.code === 'no-individual-or-entity-with-signficant-control',
      ),
    );
  });

  it('the leak records resolve to the agent and two clients', () => {
    assert.ok(identityCluster(B.leakAgent).has(B.agent));
    assert.ok(identityCluster(B.leakCompany1).has(B.leakedCompany1));
    assert.ok(identityCluster(B.leakCompany2).has(B.leakedCompany2));
    const intermediated = relationships
      .filter((r) => r.kind === 'intermediary' && r.source === B.leakAgent)
      .map((r) => r.target);
    assert.deepEqual(intermediated.sort(), [B.leakCompany1, B.leakCompany2].sort());
  });
});

describe('demo investigation C: a group in distress', () => {
  it('the PSC moved from the UK holding to the Luxembourg parent on one day', () => {
    assert.deepEqual(effectiveShare(C.luxParent, C.ukSubsidiary), { min: 75, max: 100 });
    assert.equal(effectiveShare(C.ukFormerHolding, C.ukSubsidiary), null);
    const ceased = relationships.find((r) => r.source === C.ukFormerHolding && r.target === C.ukSubsidiary);
    assert.equal(ceased?.end_date, C_RESTRUCTURED_ON);
  });

  it('the parent chain ends in a reporting exception of a listed company', () => {
    const parents = relationships.filter((r) => r.kind === 'parent').map((r) => `${r.source}>${r.target}:${r.role}`);
    assert.ok(parents.includes(`${C.usUltimateParent}>${C.ukSubsidiary}:ultimate-parent`));
    assert.ok(parents.includes(`${C.luxParent}>${C.ukSubsidiary}:direct-parent`));
    assert.ok(parents.includes(`${C.usUltimateParent}>${C.luxParent}:direct-parent`));
    assert.equal(entityById.get(C.usUltimateParent)?.company?.listed, true);
    assert.ok(
      records.some(
        (r) => r.record === 'statement' && r.entity_id === C.usUltimateParent && r.code === 'NO_KNOWN_PERSON',
      ),
    );
  });

  it('four years of accounts show decline, and one missing figure is null', () => {
    const years = records
      .filter((r): r is FinancialsRecord => r.record === 'financials' && r.entity_id === C.ukSubsidiary)
      .sort((a, b) => a.period_end.localeCompare(b.period_end));
    assert.deepEqual(
      years.map((y) => y.period_end),
      ['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31'],
    );
    const turnover = years.map((y) => y.turnover ?? NaN);
    assert.ok(turnover.every((t, i) => i === 0 || t < (turnover[i - 1] ?? -Infinity)));
    assert.ok((years[0]?.profit ?? 0) > 0 && (years[3]?.profit ?? 0) < 0);
    assert.ok((years[0]?.net_assets ?? 0) > 0 && (years[3]?.net_assets ?? 0) < 0);
    assert.equal(years.filter((y) => y.cash === null).length, 1);
  });

  it('at least three recent events share one instant', () => {
    const byInstant = new Map<string, number>();
    for (const r of records) {
      if (r.record === 'event' && r.entity_id === C.ukSubsidiary && r.occurred_at >= '2026-10-01') {
        byInstant.set(r.occurred_at, (byInstant.get(r.occurred_at) ?? 0) + 1);
      }
    }
    assert.ok(Math.max(...byInstant.values()) >= 3);
  });
});
