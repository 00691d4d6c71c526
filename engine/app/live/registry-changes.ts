// Companies House documents (a company's refreshed resources, one stream event) → one change to the corpus.
import { CorpusChangeSchema, type CorpusChange, type RelationshipKey } from '../../live/corpus-change.js';
import { NormalisedRecordSchema, type CompanyProfile, type NormalisedRecordInput } from '../../model/records.js';
import {
  filingEvent,
  insolvencyEvents,
  officerRecords,
  profileEntity,
} from '../../sources/companies-house/api-resources.js';
import { chargeEvent } from '../../sources/companies-house/charge-events.js';
import { CH_SOURCE, companyId, companyNumber, field } from '../../sources/companies-house/ch-common.js';
import { disqualifiedOfficer } from '../../sources/companies-house/disqualified-officers.js';
import { PscProblem, pscRecords } from '../../sources/companies-house/psc-records.js';
import type { ChDocument } from '../external/companies-house-client.js';
import type { StreamEvent } from '../external/companies-house-stream.js';

/** A change, and what in the documents could not be read (named by resource and field). */
export interface ParsedChange {
  change: CorpusChange;
  problems: string[];
}

const items = (doc: ChDocument | null): unknown[] => {
  const v = doc === null ? undefined : doc.items;
  return Array.isArray(v) ? (v as unknown[]) : [];
};

/** Sorts records into a change, each checked as the build checks it: an invalid one is a problem, not a failure. */
function changeOf(
  records: readonly NormalisedRecordInput[],
  problems: string[],
  extra: Partial<CorpusChange> = {},
): CorpusChange {
  const change = CorpusChangeSchema.parse(extra);
  for (const input of records) {
    const parsed = NormalisedRecordSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${input.record}: field "${issue?.path.join('.') ?? '?'}": ${issue?.message ?? 'invalid'}`);
      continue;
    }
    const r = parsed.data;
    if (r.record === 'entity') change.entities.push(r);
    else if (r.record === 'relationship') change.relationships.push(r);
    else if (r.record === 'listing') change.listings.push(r);
    else if (r.record === 'statement') change.statements.push(r);
    else if (r.record === 'financials') change.financials.push(r);
    else change.events.push(r);
  }
  return change;
}

/** Reads each item with `read`; an item the registry published malformed is a problem naming where it was. */
function eachItem(
  where: string,
  list: readonly unknown[],
  read: (item: unknown) => NormalisedRecordInput[],
  problems: string[],
): NormalisedRecordInput[] {
  const out: NormalisedRecordInput[] = [];
  list.forEach((item, i) => {
    try {
      out.push(...read(item));
    } catch (err) {
      if (!(err instanceof PscProblem)) throw err;
      problems.push(`${where} items[${i}].${err.field}: ${err.message}`);
    }
  });
  return out;
}

/** What a refresh fetched of one company; null for a resource the registry does not hold for it. */
export interface CompanyDocuments {
  profile: ChDocument;
  officers: ChDocument | null;
  pscs: ChDocument | null;
  statements: ChDocument | null;
}

/**
 * The company as the registry has it now: its profile, every officer and PSC with their relationships, its PSC
 * statements, and the PSC notifications and cessations as ownership events. `charges` carries the counts the
 * corpus already holds (the refresh does not fetch the charges).
 */
export function companyChange(
  number: string,
  docs: CompanyDocuments,
  charges: CompanyProfile['charges'] | undefined,
  retrievedAt: string,
): ParsedChange {
  const problems: string[] = [];
  const records: NormalisedRecordInput[] = [];
  try {
    records.push(profileEntity(docs.profile, number, charges, retrievedAt));
  } catch (err) {
    if (!(err instanceof PscProblem)) throw err;
    problems.push(`profile ${err.field}: ${err.message}`);
  }
  records.push(...eachItem('officers', items(docs.officers), (i) => officerRecords(i, number, retrievedAt), problems));
  const psc = (i: unknown): NormalisedRecordInput[] => pscRecords(number, i, { retrievedAt, events: true });
  records.push(...eachItem('persons-with-significant-control', items(docs.pscs), psc, problems));
  records.push(...eachItem('persons-with-significant-control-statements', items(docs.statements), psc, problems));
  return { change: changeOf(records, problems), problems };
}

/** The company number in a resource path `/company/<number>/…`. */
function numberIn(uri: string): string | null {
  const m = /^\/company\/([^/]+)/.exec(uri);
  return m === null ? null : companyNumber(m[1]);
}

/** The day a stream event was published, as the records' retrieval date. */
const retrievedOn = (event: StreamEvent): string => {
  const at = publishedAt(event);
  return new Date(Number.isNaN(at) ? Date.now() : at).toISOString().slice(0, 10);
};

/** When the registry published the event (epoch ms). Its stamps carry an offset or none, which is UTC. */
export function publishedAt(event: StreamEvent): number {
  const stamp = event.event.published_at;
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(stamp) ? stamp : `${stamp}Z`);
}

/** The relationships a deleted PSC entry or officer appointment stood for. */
function removedKeys(number: string, recordId: string, kinds: readonly RelationshipKey['kind'][]): RelationshipKey[] {
  return kinds.map((kind) => ({ source: CH_SOURCE, record_id: recordId, kind, target: companyId(number) }));
}

/**
 * One stream event as a change. The registry's resource kinds are read with the same readers as its REST resources
 * and bulk files; a kind this does not know, or an event about nothing it can name, is skipped with the reason.
 */
export function streamChange(event: StreamEvent): ParsedChange | { skipped: string } {
  const kind = event.resource_kind;
  const data = event.data;
  const deleted = event.event.type === 'deleted';
  const retrievedAt = retrievedOn(event);
  const problems: string[] = [];
  const one = (read: () => NormalisedRecordInput[]): ParsedChange | { skipped: string } => {
    try {
      return { change: changeOf(read(), problems), problems };
    } catch (err) {
      if (!(err instanceof PscProblem)) throw err;
      return { skipped: `${kind} ${event.resource_id}: ${err.field}: ${err.message}` };
    }
  };
  if (kind.startsWith('disqualified-officer-')) {
    if (deleted)
      return { skipped: `${kind} ${event.resource_id}: a deleted disqualification is kept as last published` };
    const which = kind.endsWith('corporate') ? 'corporate' : 'natural';
    return one(() => [disqualifiedOfficer(data, which, event.resource_id, retrievedAt)]);
  }
  const number = numberIn(event.resource_uri) ?? companyNumber(field(data, 'company_number'));
  if (number === null) return { skipped: `${kind} ${event.resource_id}: no company number in ${event.resource_uri}` };
  if (kind === 'company-profile') {
    if (deleted) return { skipped: `${kind} ${number}: a deleted company profile is kept as last published` };
    return one(() => [profileEntity(data, number, undefined, retrievedAt)]);
  }
  if (kind === 'company-officers') {
    // The stream names the appointment, not the officer: the officer is known by the appointment until a refresh.
    const id = event.resource_id;
    if (deleted)
      return {
        change: changeOf([], problems, {
          removed_relationships: removedKeys(number, `${number}/officers/${id}`, ['directorship']),
        }),
        problems,
      };
    const links = typeof data.links === 'object' && data.links !== null ? data.links : {};
    const item = { ...data, links: { ...links, officer: { appointments: `/officers/${id}/appointments` } } };
    return one(() => officerRecords(item, number, retrievedAt));
  }
  if (kind.startsWith('company-psc-')) {
    if (deleted)
      return {
        change: changeOf([], problems, {
          removed_relationships: removedKeys(number, `${number}/${event.resource_id}`, ['ownership', 'control']),
        }),
        problems,
      };
    return one(() => pscRecords(number, data, { retrievedAt, events: true }));
  }
  if (kind === 'filing-history') {
    if (deleted) return { skipped: `${kind} ${event.resource_id}: a withdrawn filing stays in the feed as published` };
    return one(() => [filingEvent(data, number, 0, retrievedAt)]);
  }
  if (kind === 'company-charges') {
    if (deleted) return { skipped: `${kind} ${event.resource_id}: a deleted charge stays in the feed as published` };
    return one(() => [chargeEvent(data, number, event.resource_id, retrievedAt)]);
  }
  if (kind === 'company-insolvency') {
    if (deleted) return { skipped: `${kind} ${number}: a deleted insolvency case stays in the feed as published` };
    return one(() => insolvencyEvents(data, number, retrievedAt));
  }
  return { skipped: `unknown resource kind "${kind}" (${event.resource_uri})` };
}
