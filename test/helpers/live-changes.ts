// Live changes of the test snapshot, as the journal records them.
import { CorpusChangeSchema, type CorpusChange } from '../../engine/live/corpus-change.js';
import { C } from '../../snapshots/demo/investigations/all.js';

const provenance = { source: 'gb-coh', record_id: 'live', url: null, retrieved_at: '2026-11-25' };

/** The n-th filing of the demo's UK subsidiary, as a stream would deliver it. */
export const filingChange = (n: number): CorpusChange =>
  CorpusChangeSchema.parse({
    events: [
      {
        record: 'event',
        id: `gb-coh:99000200/filing/${n}`,
        entity_id: C.ukSubsidiary,
        kind: 'filing',
        type: 'confirmation-statement-filed',
        occurred_at: '2026-11-20T00:00:00Z',
        summary: `Filing ${n}`,
        provenance: { ...provenance, record_id: `99000200/filing-history/${n}` },
      },
    ],
  });
