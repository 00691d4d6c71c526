// Folding a journal into a new snapshot: the new snapshot holds what the live corpus served, derived by the build's
// own rules, its pulse feed keeps each live event's place, and its journal resumes each stream where the old one ended.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Corpus } from '../../../engine/corpus.js';
import { EDGE_FAMILIES } from '../../../engine/graph/relation-graph.js';
import { ChangeJournal, journalFile } from '../../../engine/live/change-journal.js';
import {
  CorpusChangeSchema,
  relationshipKeyOf,
  type CorpusChangeInput,
  type RelationshipKey,
} from '../../../engine/live/corpus-change.js';
import { LiveCorpus } from '../../../engine/live/live-corpus.js';
import type { RelationshipRecord } from '../../../engine/model/records.js';
import { isResolverLink } from '../../../engine/resolution/linking.js';
import { compactSnapshot } from '../../../snapshots/build/compact-snapshot.js';
import { C } from '../../../snapshots/demo/investigations/all.js';
import { SOURCE_NAMES, investigationsSource, syntheticSource } from '../../../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../../../snapshots/load/load-snapshot.js';
import type { BuildSource } from '../../../snapshots/build/build-source.js';
import { buildTestSnapshot, tempDir } from '../../helpers/snapshot.js';

const LEI = '5493001KJTIIGC8Y1R12';
const GLEIF_RECORD = `lei:${LEI}`;
const retrieved = (source: string, recordId: string) => ({
  source,
  record_id: recordId,
  url: null,
  retrieved_at: '2026-11-01',
});

/**
 * Records the resolver links: a company two publishers register under one LEI, and a person two lists name with
 * one birth date. The demo's own links are published ones; these are the resolver's.
 */
const linkedRecords: BuildSource = {
  label: 'linked records',
  records: [
    {
      record: 'entity',
      id: GLEIF_RECORD,
      type: 'company',
      name: 'Ostrava Freight Partners a.s.',
      jurisdiction: 'CZ',
      identifiers: [{ scheme: 'lei', value: LEI }],
      provenance: [retrieved('lei', LEI)],
    },
    {
      record: 'entity',
      id: 'os:ostrava-freight',
      type: 'company',
      name: 'Ostrava Freight Partners',
      jurisdiction: 'CZ',
      identifiers: [{ scheme: 'lei', value: LEI }],
      provenance: [retrieved('os', 'ostrava-freight')],
    },
    {
      record: 'entity',
      id: 'ofac:99001',
      type: 'person',
      name: 'Radomir Kestrelov',
      birth_date: '1961-04-12',
      nationalities: ['RU'],
      topics: ['sanction'],
      provenance: [retrieved('ofac', '99001')],
    },
    {
      record: 'entity',
      id: 'eu:EU.99001',
      type: 'person',
      name: 'Radomir Kestrelov',
      birth_date: '1961-04-12',
      nationalities: ['RU'],
      topics: ['sanction'],
      provenance: [retrieved('eu', 'EU.99001')],
    },
  ],
};

const sources = () => [investigationsSource(), syntheticSource(300), linkedRecords];

const provenance = (recordId: string) => ({
  source: 'gb-coh',
  record_id: recordId,
  url: 'https://find-and-update.company-information.service.gov.uk/company/99000200/persons-with-significant-control',
  retrieved_at: '2026-11-25',
});

const HOLDER = 'gb-coh-psc:99000200/fold-holder';

/** A corporate PSC in the British Virgin Islands, with its notification, as a stream delivers it. */
const pscChange: CorpusChangeInput = {
  entities: [
    {
      record: 'entity',
      id: HOLDER,
      type: 'company',
      name: 'Vellacourt Marine Holdings Ltd',
      jurisdiction: 'VG',
      provenance: [provenance('99000200/fold-holder')],
    },
    {
      // The same person as two listed records: linked live by name, as the build links them.
      record: 'entity',
      id: 'uk:RUS9901',
      type: 'person',
      name: 'Radomir Kestrelov',
      birth_date: '1961-04-12',
      nationalities: ['RU'],
      topics: ['sanction'],
      provenance: [{ source: 'uk', record_id: 'RUS9901', url: null, retrieved_at: '2026-11-25' }],
    },
  ],
  relationships: [
    {
      record: 'relationship',
      source: HOLDER,
      target: C.ukSubsidiary,
      kind: 'ownership',
      role: 'psc',
      share: { min: 50, max: 75 },
      natures: ['ownership-of-shares-50-to-75-percent'],
      start_date: '2026-11-20',
      provenance: provenance('99000200/fold-holder'),
    },
  ],
  events: [
    {
      record: 'event',
      id: 'gb-coh:99000200/psc/fold-holder/notified',
      entity_id: C.ukSubsidiary,
      kind: 'ownership',
      type: 'psc-notified',
      // Dated days before it arrives: the pulse feed has it where it arrived.
      occurred_at: '2026-11-20T00:00:00Z',
      summary: 'Vellacourt Marine Holdings Ltd notified as a person with significant control',
      provenance: provenance('99000200/fold-holder'),
    },
  ],
};

/** The new holder is listed: sanctions reach runs down through the subsidiary. */
const listingChange: CorpusChangeInput = {
  listings: [
    {
      record: 'listing',
      entity_id: HOLDER,
      list: 'UK',
      program: 'RUSSIA',
      listed_on: '2026-11-25',
      reference: 'RUS-FOLD-1',
      provenance: { source: 'uk', record_id: 'RUS-FOLD-1', url: null, retrieved_at: '2026-11-25' },
    },
  ],
};

const APPLIED_AT = Date.parse('2026-11-25T09:30:00Z');

/** Per entity id, what the build derives for it: cluster, roles and stored risk. */
function derived(corpus: Corpus): Map<string, string> {
  const out = new Map<string, string>();
  for (let ix = 0; ix < corpus.entities.size; ix++) {
    const e = corpus.entities.record(ix);
    out.set(e.id, `${e.cluster_id} | ${e.roles.join(',')} | ${e.risk}`);
  }
  return out;
}

/** Every relationship a read finds, resolver links left out, as comparable lines. */
function publishedRelationships(corpus: Corpus): string[] {
  const lines: string[] = [];
  for (let ix = 0; ix < corpus.entities.size; ix++)
    corpus.graph.forEachEdge(ix, EDGE_FAMILIES, (_other, rel, _attrs, direction) => {
      const r = corpus.relationships.get(rel);
      if (direction === 'out' && !isResolverLink(r)) lines.push(JSON.stringify(r));
    });
  return lines.sort();
}

function inboundOf(corpus: Corpus, entityId: string): RelationshipRecord[] {
  const ix = corpus.entities.indexOf(entityId);
  assert.ok(ix !== undefined, `${entityId} is in the corpus`);
  const out: RelationshipRecord[] = [];
  corpus.graph.forEachEdge(ix, EDGE_FAMILIES, (_other, rel, _attrs, direction) => {
    if (direction === 'in') out.push(corpus.relationships.get(rel));
  });
  return out;
}

describe('unshell snapshot compact', () => {
  const t = tempDir('compact');
  const snapshot = path.join(t.dir, 'snapshot');
  const dataDir = path.join(t.dir, 'data');
  before(async () => {
    await buildTestSnapshot(snapshot, sources());
  });
  after(() => t.remove());

  it('rebuilds a snapshot without a journal as it was', async () => {
    const out = path.join(t.dir, 'same');
    const result = await compactSnapshot({ snapshot, dataDir, out, sourceNames: SOURCE_NAMES });
    assert.equal(result.folded, 0);
    assert.equal(result.report.resolution?.identifierLinks, 1);
    assert.equal(result.report.resolution?.nameLinks, 1);
    const [was, now] = await Promise.all([
      loadSnapshot(snapshot, { semantic: false }),
      loadSnapshot(out, { semantic: false }),
    ]);
    assert.deepEqual(derived(now), derived(was));
    assert.deepEqual(publishedRelationships(now), publishedRelationships(was));
    assert.equal(now.relationships.size, was.relationships.size);
    for (const family of ['listings', 'statements', 'financials', 'events'] as const)
      assert.equal(now[family].records.size, was[family].records.size, family);
    assert.deepEqual(now.info.sources, was.info.sources);
  });

  it('folds the journal in: records, removals, derived facts, the pulse order and the streams’ timepoints', async () => {
    // The changes a server would have journalled: a stream's PSC (and one of the subsidiary's owners removed), a listing.
    const corpus = await loadSnapshot(snapshot, { semantic: false });
    const removed = inboundOf(corpus, C.ukSubsidiary).find((r) => r.kind === 'ownership');
    assert.ok(removed !== undefined, 'the demo subsidiary has an owner to remove');
    const removedKey: RelationshipKey = relationshipKeyOf(removed);
    const live = new LiveCorpus(corpus);
    const journal = ChangeJournal.open(path.join(dataDir, journalFile(corpus.info.snapshotId)), live, {
      now: () => APPLIED_AT,
    });
    journal.recordMany([
      {
        origin: { stream: 'persons-with-significant-control', timepoint: 4242 },
        change: CorpusChangeSchema.parse({ ...pscChange, removed_relationships: [removedKey] }),
      },
      { origin: { origin: 'refresh:UK' }, change: CorpusChangeSchema.parse(listingChange) },
    ]);
    journal.close();
    assert.equal(corpus.entities.record(corpus.entities.indexOf(C.ukSubsidiary) ?? -1).risk, 'HIGH');

    const out = path.join(t.dir, 'folded');
    const result = await compactSnapshot({ snapshot, dataDir, out, sourceNames: SOURCE_NAMES });
    assert.equal(result.folded, 2);
    assert.deepEqual([...result.timepoints], [['persons-with-significant-control', 4242]]);
    const folded = await loadSnapshot(out, { semantic: false });

    // What the live corpus derived change by change is what the build derives from the records at once.
    assert.deepEqual(derived(folded), derived(corpus));
    assert.deepEqual(publishedRelationships(folded), publishedRelationships(corpus));
    const inbound = inboundOf(folded, C.ukSubsidiary);
    assert.ok(inbound.some((r) => r.source === HOLDER && r.role === 'psc'));
    assert.ok(!inbound.some((r) => JSON.stringify(relationshipKeyOf(r)) === JSON.stringify(removedKey)));
    const listed = folded.entities.indexOf('uk:RUS9901');
    assert.ok(listed !== undefined);
    assert.equal(folded.entities.record(listed).cluster_id, 'ofac:99001');
    const holder = folded.entities.indexOf(HOLDER);
    assert.ok(holder !== undefined);
    assert.equal(folded.listings.byEntity.count(holder), 1);

    // The live event keeps the instant it was applied at, not its registry date: the newest in the feed.
    const newest = folded.timeline.size - 1;
    assert.equal(folded.events.records.get(folded.timeline.record(newest)).id, pscChange.events?.[0]?.id);
    assert.equal(folded.timeline.at(newest), APPLIED_AT);

    // The new snapshot's journal starts at the stream's timepoint, and applies nothing.
    const file = path.join(dataDir, journalFile(result.manifest.snapshot_id));
    assert.ok(existsSync(file));
    const before = derived(folded);
    const next = ChangeJournal.open(file, new LiveCorpus(folded), { readOnly: true });
    assert.equal(next.timepoint('persons-with-significant-control'), 4242);
    next.close();
    assert.deepEqual(derived(folded), before);
  });
});
