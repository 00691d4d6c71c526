// Beneficial Ownership Data Standard 0.4 statements of a set of records: a person or entity statement per record,
// and a relationship statement per holding, control, parent link or directorship among them.
import { createHash } from 'node:crypto';
import type { Corpus } from '../../corpus.js';
import { EDGE_FAMILIES } from '../../graph/relation-graph.js';
import type { EdgeKind, EntityRecord, Provenance, RelationshipRecord } from '../../model/records.js';
import { FTM_MODEL } from '../ftm/ftm-model.js';

export const BODS_VERSION = '0.4';

/** org-id.guide codes of the registers whose identifiers records carry; others keep their scheme as its name. */
const ORG_ID: Readonly<Record<string, string>> = {
  'gb-coh': 'GB-COH',
  lei: 'XI-LEI',
  sec: 'US-SEC',
  krs: 'PL-KRS',
  uen: 'SG-ACRA',
  'br-cnpj': 'BR-CNPJ',
  siren: 'FR-RCS',
};
/** Sources that are the official register of what they publish. */
const REGISTERS = new Set(['gb-coh', 'gleif', 'sec', 'sirene', 'krs', 'cnpj']);
/** The kinds of link that are interests in a company: what BODS relationship statements describe. */
const INTEREST_KINDS: ReadonlySet<EdgeKind> = new Set(['ownership', 'control', 'parent', 'directorship']);

export interface BodsStatement {
  statementId: string;
  statementDate: string;
  publicationDetails: { publicationDate: string; bodsVersion: string; publisher: { name: string } };
  source: { type: string[]; description: string; url?: string; retrievedAt: string };
  declarationSubject: string;
  recordId: string;
  recordType: 'entity' | 'person' | 'relationship';
  recordStatus: 'new';
  recordDetails: Record<string, unknown>;
}

const countryName = (code: string): string => FTM_MODEL.getType('country').values.get(code.toLowerCase()) ?? code;
const country = (code: string): { name: string; code: string } => ({ name: countryName(code), code });

/** Persistent ids: the same record of the same snapshot gives the same statement id, 64 hex digits. */
const statementId = (...parts: readonly string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex');

function sourceOf(p: Provenance | undefined): BodsStatement['source'] {
  return {
    type: [p !== undefined && REGISTERS.has(p.source) ? 'officialRegister' : 'thirdParty'],
    description: p === undefined ? 'unshell' : `${p.source} record ${p.record_id}`,
    ...(p?.url == null ? {} : { url: p.url }),
    retrievedAt: p?.retrieved_at ?? '1970-01-01',
  };
}

function recordDetails(record: EntityRecord): { type: 'person' | 'entity'; details: Record<string, unknown> } {
  const identifiers = record.identifiers.map((i) =>
    ORG_ID[i.scheme] === undefined
      ? { id: i.value, schemeName: i.scheme }
      : { id: i.value, scheme: ORG_ID[i.scheme], schemeName: i.scheme },
  );
  if (record.type === 'person')
    return {
      type: 'person',
      details: {
        isComponent: false,
        personType: 'knownPerson',
        names: [
          { type: 'legal', fullName: record.name },
          ...record.aliases.map((fullName) => ({ type: 'alternative', fullName })),
        ],
        ...(identifiers.length > 0 ? { identifiers } : {}),
        ...(record.nationalities.length > 0 ? { nationalities: record.nationalities.map(country) } : {}),
        ...(record.birth_date === null ? {} : { birthDate: record.birth_date }),
        ...(record.addresses.length > 0
          ? { addresses: record.addresses.map((address) => ({ type: 'service', address })) }
          : {}),
      },
    };
  return {
    type: 'entity',
    details: {
      isComponent: false,
      entityType: {
        type: record.identifiers.some((i) => ORG_ID[i.scheme] !== undefined) ? 'registeredEntity' : 'legalEntity',
      },
      name: record.name,
      ...(record.aliases.length > 0 ? { alternateNames: record.aliases } : {}),
      ...(record.jurisdiction === null ? {} : { jurisdiction: country(record.jurisdiction) }),
      ...(identifiers.length > 0 ? { identifiers } : {}),
      ...(record.incorporation_date === null ? {} : { foundingDate: fullDate(record.incorporation_date) }),
      ...(record.dissolution_date === null ? {} : { dissolutionDate: fullDate(record.dissolution_date) }),
      ...(record.addresses.length > 0
        ? { addresses: record.addresses.map((address) => ({ type: 'registered', address })) }
        : {}),
    },
  };
}

/** BODS dates of founding are full dates: a year or month alone is its first day, as the standard says to round. */
const fullDate = (d: string): string => (d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d);

/** PSC natures of control and GLEIF relationship types as BODS interest types. */
function interestTypes(r: RelationshipRecord): Array<{ type: string; details?: string }> {
  if (r.kind === 'directorship') return [{ type: 'boardMember', details: r.role }];
  if (r.kind === 'parent')
    return [{ type: 'otherInfluenceOrControl', details: `accounting consolidation (${r.role})` }];
  const out: Array<{ type: string; details?: string }> = [];
  for (const nature of r.natures) {
    const n = nature.toLowerCase();
    const type = n.includes('voting')
      ? 'votingRights'
      : n.includes('appoint')
        ? 'appointmentOfBoard'
        : n.includes('shares') || n.includes('ownership')
          ? 'shareholding'
          : n.includes('trust')
            ? 'trustee'
            : 'otherInfluenceOrControl';
    if (!out.some((i) => i.type === type)) out.push({ type, details: nature });
  }
  if (out.length === 0)
    out.push({ type: r.kind === 'ownership' ? 'shareholding' : 'otherInfluenceOrControl', details: r.role });
  return out;
}

export interface BodsOptions {
  /** The record the statements are declared about: the root of an export, or each record for the whole corpus. */
  subject?: string;
  publicationDate: string;
  /** Only relationships whose parties are both among these ids. */
  within?: ReadonlySet<string>;
}

/** Statements of each record, then of the interests it holds; one record at a time, so the whole corpus streams. */
export function* bodsStatements(
  corpus: Corpus,
  records: Iterable<number>,
  options: BodsOptions,
): Generator<BodsStatement> {
  const publicationDetails = {
    publicationDate: options.publicationDate,
    bodsVersion: BODS_VERSION,
    publisher: { name: 'unshell' },
  };
  for (const ix of records) {
    const record = corpus.entities.record(ix);
    const subject = options.subject ?? record.id;
    const p = record.provenance[0];
    const { type, details } = recordDetails(record);
    const date = p?.retrieved_at ?? options.publicationDate;
    yield {
      statementId: statementId(type, record.id, date),
      statementDate: date,
      publicationDetails,
      source: sourceOf(p),
      declarationSubject: subject,
      recordId: record.id,
      recordType: type,
      recordStatus: 'new',
      recordDetails: details,
    };
    const held = new Set<number>();
    const statements: BodsStatement[] = [];
    corpus.graph.forEachEdge(ix, EDGE_FAMILIES, (target, rel, attrs, direction) => {
      if (direction !== 'out' || !INTEREST_KINDS.has(attrs.kind) || held.has(rel)) return;
      held.add(rel);
      const r = corpus.relationships.get(rel);
      if (options.within !== undefined && !options.within.has(r.target)) return;
      // The subject of an interest is an entity: a person's "holding" in a person is not one.
      if (corpus.entities.type(target) === 'person') return;
      const share =
        r.share === null
          ? undefined
          : r.share.min === r.share.max
            ? { exact: r.share.min }
            : { minimum: r.share.min, maximum: r.share.max };
      const beneficial = record.type === 'person' && (r.kind === 'ownership' || r.kind === 'control');
      const interests = interestTypes(r).map((i) => ({
        ...i,
        directOrIndirect: 'direct',
        beneficialOwnershipOrControl: beneficial,
        ...(share === undefined || (i.type !== 'shareholding' && i.type !== 'votingRights') ? {} : { share }),
        ...(r.start_date === null ? {} : { startDate: fullDate(r.start_date) }),
        ...(r.end_date === null ? {} : { endDate: fullDate(r.end_date) }),
      }));
      const relDate = r.provenance.retrieved_at;
      statements.push({
        statementId: statementId('relationship', r.source, r.target, r.kind, r.role, r.start_date ?? '', relDate),
        statementDate: relDate,
        publicationDetails,
        source: sourceOf(r.provenance),
        declarationSubject: subject,
        recordId: `${r.source}>${r.kind}>${r.target}`,
        recordType: 'relationship',
        recordStatus: 'new',
        recordDetails: { isComponent: false, subject: r.target, interestedParty: r.source, interests },
      });
    });
    yield* statements;
  }
}
