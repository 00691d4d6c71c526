// GLEIF level 2, whatever file it came from: relationship records as `parent` links, reporting exceptions as statements.
import { isoDate } from '../../../engine/sources/record-dates.js';
import { provenance } from '../common/provenance.js';
import { gleifUrl } from './lei-entity.js';
import type { Mapped } from './mapped-record.js';

export interface RelationshipFields {
  /** StartNode: the child (the consolidated entity, the branch, the fund). */
  child: string;
  childType: string;
  /** EndNode: the parent. */
  parent: string;
  parentType: string;
  type: string;
  status: string | null;
  periods: { start: string | null; end: string | null; type: string | null }[];
  qualifiers: string[];
  registrationStatus: string | null;
  lastUpdate: string | null;
  recordId: string;
}

/** RR-CDF relationship types: the kind and the role the parent holds in the child. */
const TYPES: Record<string, { kind: 'parent' | 'control'; role: string }> = {
  IS_DIRECTLY_CONSOLIDATED_BY: { kind: 'parent', role: 'direct-parent' },
  IS_ULTIMATELY_CONSOLIDATED_BY: { kind: 'parent', role: 'ultimate-parent' },
  IS_INTERNATIONAL_BRANCH_OF: { kind: 'parent', role: 'head-office' },
  IS_SUBFUND_OF: { kind: 'parent', role: 'umbrella-fund' },
  'IS_FUND-MANAGED_BY': { kind: 'control', role: 'fund-manager' },
  IS_FEEDER_TO: { kind: 'control', role: 'master-fund' },
};

/** The relationship, a problem naming the bad field, or null for a record GLEIF itself has annulled. */
export function relationshipRecord(f: RelationshipFields, retrievedAt: string): Mapped {
  // ANNULLED records were published in error; GLEIF keeps them only for audit.
  if (f.registrationStatus === 'ANNULLED') return null;
  const mapped = TYPES[f.type];
  if (mapped === undefined) return { field: 'RelationshipType', problem: `unknown relationship type "${f.type}"` };
  for (const [node, lei, type] of [
    ['StartNode', f.child, f.childType],
    ['EndNode', f.parent, f.parentType],
  ] as const) {
    if (type !== 'LEI') return { field: `${node}.NodeIDType`, problem: `node is not identified by an LEI (${type})` };
    if (!/^[A-Z0-9]{20}$/.test(lei)) return { field: `${node}.NodeID`, problem: `not an LEI: "${lei}"` };
  }
  const period = f.periods.find((p) => p.type === 'RELATIONSHIP_PERIOD');
  let end = isoDate(period?.end);
  // An INACTIVE relationship without a published end is over all the same; the record's last update is the
  // nearest date GLEIF gives for it.
  if (end === null && f.status === 'INACTIVE') end = isoDate(f.lastUpdate) ?? retrievedAt;
  return {
    record: {
      record: 'relationship',
      source: `lei:${f.parent}`,
      target: `lei:${f.child}`,
      kind: mapped.kind,
      role: mapped.role,
      natures: [f.type, ...f.qualifiers],
      start_date: isoDate(period?.start),
      end_date: end,
      provenance: provenance('gleif', f.recordId, gleifUrl(f.child), retrievedAt),
    },
  };
}

export interface ExceptionFields {
  lei: string;
  category: string;
  reason: string;
  reference: string | null;
  recordId: string;
}

/** What each published reason means, in words a reader of an ownership chain can use. */
export const EXCEPTION_REASONS: Record<string, string> = {
  NATURAL_PERSONS: 'the entity is controlled by natural persons',
  NON_CONSOLIDATING: 'its parent does not prepare consolidated financial statements',
  NO_KNOWN_PERSON: 'no known person controls the entity (e.g. its shares are widely held)',
  NON_PUBLIC: 'the parent is known but its details are not public',
  BINDING_LEGAL_COMMITMENTS: 'binding legal commitments prevent it from naming the parent',
  LEGAL_OBSTACLES: 'legal obstacles prevent it from naming the parent',
  DISCLOSURE_DETRIMENTAL: 'naming the parent would be detrimental to the entity or the parent',
  DETRIMENT_NOT_EXCLUDED: 'it cannot rule out that naming the parent would be detrimental',
  CONSENT_NOT_OBTAINED: 'the parent did not consent to being named',
};

const CATEGORIES: Record<string, string> = {
  DIRECT_ACCOUNTING_CONSOLIDATION_PARENT: 'direct parent',
  ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT: 'ultimate parent',
  INTERNATIONAL_BRANCH: 'head office',
  FUND_MANAGER: 'fund manager',
  UMBRELLA_STRUCTURE: 'umbrella fund',
  MASTER_FEEDER: 'master fund',
};

export function exceptionStatement(f: ExceptionFields, retrievedAt: string): Mapped {
  if (!/^[A-Z0-9]{20}$/.test(f.lei)) return { field: 'LEI', problem: `not an LEI: "${f.lei}"` };
  if (f.reason === '') return { field: 'ExceptionReason', problem: 'no reason given' };
  const what = CATEGORIES[f.category] ?? f.category.toLowerCase().replaceAll('_', ' ');
  const why = EXCEPTION_REASONS[f.reason] ?? f.reason.toLowerCase().replaceAll('_', ' ');
  return {
    record: {
      record: 'statement',
      entity_id: `lei:${f.lei}`,
      kind: 'reporting-exception',
      code: f.reason,
      summary: `Reports no ${what}: ${why}.${f.reference === null || f.reference === '' ? '' : ` (${f.reference})`}`,
      provenance: provenance('gleif', f.recordId, gleifUrl(f.lei), retrievedAt),
    },
  };
}
