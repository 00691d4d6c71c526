// Why an ownership chain stops at an entity: a person at the top, or a company with a published reason.
import type { Corpus } from '../corpus.js';
import type { Provenance } from '../model/records.js';

export type ChainEndReason =
  | 'natural-person'
  | 'psc-statement'
  | 'reporting-exception'
  | 'exemption'
  | 'super-secure'
  | 'listed-company'
  | 'no-data';

export interface ChainEnd {
  entity: number;
  reason: ChainEndReason;
  /** As published: the PSC statement or GLEIF exception code, when there is one. */
  code: string | null;
  summary: string;
  provenance: Provenance | null;
}

/** The first published reason wins: registries record statements and exceptions for exactly this case. */
export function chainEnd(corpus: Corpus, entity: number): ChainEnd {
  const { entities, statements } = corpus;
  if (entities.type(entity) === 'person') {
    return {
      entity,
      reason: 'natural-person',
      code: null,
      summary: 'The chain ends at a natural person.',
      provenance: null,
    };
  }
  for (const r of statements.byEntity.of(entity)) {
    const s = statements.records.get(r);
    return { entity, reason: s.kind, code: s.code, summary: s.summary, provenance: s.provenance };
  }
  const record = entities.record(entity);
  if (record.company?.listed === true) {
    return {
      entity,
      reason: 'listed-company',
      code: null,
      summary:
        'A company traded on a regulated market: its owners are disclosed under market rules, not in the register of persons with significant control.',
      provenance: record.provenance[0] ?? null,
    };
  }
  return {
    entity,
    reason: 'no-data',
    code: null,
    summary: 'No owner, statement or exemption is on record for this company in the sources of this snapshot.',
    provenance: null,
  };
}
