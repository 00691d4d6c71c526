// The links of an entity as FollowTheMoney entities of their own: Ownership, Directorship, Family and UnknownLink
// from its relationships, Sanction from its listings, Identification from its identity documents.
import { createHash } from 'node:crypto';
import type { Corpus } from '../../corpus.js';
import { EDGE_FAMILIES } from '../../graph/relation-graph.js';
import type { EdgeKind, ListingRecord, RelationshipRecord, SanctionsList } from '../../model/records.js';
import { PropertyWriter, type FtmEntity } from './ftm-entity.js';

/** The authority behind each list, as FollowTheMoney's `authority` property names it. */
const AUTHORITIES: Readonly<Record<SanctionsList, string>> = {
  OFAC: 'Office of Foreign Assets Control',
  EU: 'European Union',
  UN: 'United Nations Security Council',
  UK: 'Office of Financial Sanctions Implementation',
};

/** Relationship kinds as link schemata: which property holds the relationship's source, which its target. */
const LINK_SCHEMATA: Readonly<Partial<Record<EdgeKind, { schema: string; source: string; target: string }>>> = {
  ownership: { schema: 'Ownership', source: 'owner', target: 'asset' },
  parent: { schema: 'Ownership', source: 'owner', target: 'asset' },
  control: { schema: 'Ownership', source: 'owner', target: 'asset' },
  directorship: { schema: 'Directorship', source: 'director', target: 'organization' },
  family: { schema: 'Family', source: 'person', target: 'relative' },
  intermediary: { schema: 'UnknownLink', source: 'subject', target: 'object' },
  association: { schema: 'UnknownLink', source: 'subject', target: 'object' },
};

/** Identity documents that are entities of their own in FollowTheMoney rather than properties of their holder. */
const DOCUMENT_SCHEMES: Readonly<Record<string, string>> = { passport: 'Passport', 'national-id': 'Identification' };

/** A stable id for a link: its kind and parties hashed, so that exports of one snapshot agree run after run. */
const linkId = (prefix: string, ...parts: readonly string[]): string =>
  `${prefix}-${createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 20)}`;

export function relationshipEntity(r: RelationshipRecord): FtmEntity | null {
  const shape = LINK_SCHEMATA[r.kind];
  if (shape === undefined) return null;
  const w = new PropertyWriter(shape.schema);
  w.add(shape.source, r.source);
  w.add(shape.target, r.target);
  // A Family link names the relationship where the others name a role.
  w.add(shape.schema === 'Family' ? 'relationship' : 'role', r.role);
  w.add('startDate', r.start_date);
  w.add('endDate', r.end_date);
  if (r.share !== null)
    w.add('percentage', r.share.min === r.share.max ? `${r.share.min}` : `${r.share.min}-${r.share.max}`);
  if (r.kind !== 'ownership') w.add('ownershipType', r.kind);
  w.add('summary', ...r.natures);
  w.add('sourceUrl', r.provenance.url);
  w.add('publisher', r.provenance.source);
  return {
    id: linkId(shape.schema.toLowerCase(), r.source, r.target, r.kind, r.role, r.start_date ?? ''),
    schema: shape.schema,
    properties: w.properties,
  };
}

export function sanctionEntity(entityId: string, l: ListingRecord): FtmEntity {
  const w = new PropertyWriter('Sanction');
  w.add('entity', entityId);
  w.add('authority', AUTHORITIES[l.list]);
  w.add('program', l.program);
  w.add('authorityId', l.reference);
  w.add('listingDate', l.listed_on);
  w.add('reason', l.remarks);
  w.add('sourceUrl', l.provenance.url);
  return { id: linkId('sanction', entityId, l.list, l.reference), schema: 'Sanction', properties: w.properties };
}

/** Every link of record `ix` (relationships both ways, listings, identity documents), each once. */
export function linksOf(corpus: Corpus, ix: number): FtmEntity[] {
  const record = corpus.entities.record(ix);
  const out: FtmEntity[] = [];
  const seen = new Set<number>();
  corpus.graph.forEachEdge(ix, EDGE_FAMILIES, (_other, rel) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const link = relationshipEntity(corpus.relationships.get(rel));
    if (link !== null) out.push(link);
  });
  for (const r of corpus.listings.byEntity.of(ix)) out.push(sanctionEntity(record.id, corpus.listings.records.get(r)));
  for (const { scheme, value } of record.identifiers) {
    const schema = DOCUMENT_SCHEMES[scheme];
    if (schema === undefined) continue;
    const w = new PropertyWriter(schema);
    w.add('holder', record.id);
    w.add('number', value);
    w.add('type', scheme);
    out.push({ id: linkId(schema.toLowerCase(), record.id, value), schema, properties: w.properties });
  }
  return out;
}
