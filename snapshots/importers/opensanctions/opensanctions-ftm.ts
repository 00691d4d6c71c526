// OpenSanctions FollowTheMoney JSON lines: entities, relation entities as edges, Sanction entities as listings.
import { sourceStream } from '../common/read-progress.js';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Identifier } from '../../../engine/model/records.js';
import { FTM_IDENTIFIER_PROPERTIES } from '../../../engine/identifiers/ftm-properties.js';
import { countryCodes } from '../../../engine/sources/countries.js';
import { partialDate } from '../common/dates.js';
import { addIdentifier, uniq } from '../common/identifier-schemes.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';
import { EDGE_SCHEMAS, ENTITY_SCHEMAS, OS_SOURCE, mapTopics, osUrl, sanctionList } from './ftm-mapping.js';

interface FtmEntity {
  id: string;
  schema: string;
  caption?: string;
  properties: Record<string, string[]>;
  datasets?: string[];
  last_seen?: string;
}

interface Parsed {
  entity?: FtmEntity;
  problem?: string;
  field?: string;
}

function parseLine(text: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { problem: `not JSON: ${(err as Error).message}`, field: '(line)' };
  }
  if (raw === null || typeof raw !== 'object') return { problem: 'not a JSON object', field: '(line)' };
  const e = raw as Partial<FtmEntity>;
  if (typeof e.id !== 'string' || e.id === '') return { problem: 'entity has no id', field: 'id' };
  if (typeof e.schema !== 'string') return { problem: `entity ${e.id} has no schema`, field: 'schema' };
  if (e.properties === null || typeof e.properties !== 'object')
    return { problem: `entity ${e.id} has no properties`, field: 'properties' };
  return { entity: e as FtmEntity };
}

/** Lines of the file with their numbers; a missing file throws ImportError. */
async function* lines(file: string): AsyncGenerator<{ text: string; line: number }> {
  const input = sourceStream(file, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => input.once('open', () => resolve()).once('error', reject));
  try {
    await opened;
  } catch (err) {
    throw new ImportError(file, `cannot read: ${(err as Error).message}`);
  }
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() !== '') yield { text, line };
  }
}

const props = (e: FtmEntity, name: string): string[] =>
  (Array.isArray(e.properties[name]) ? e.properties[name] : []).filter((v) => typeof v === 'string' && v !== '');

/** What the first pass gathers: things that point at an entity from elsewhere in the file. */
interface Gathered {
  sanctions: Map<string, FtmEntity[]>;
  addresses: Map<string, string>;
  documents: Map<string, Identifier[]>;
}

async function gather(file: string): Promise<Gathered> {
  const g: Gathered = { sanctions: new Map(), addresses: new Map(), documents: new Map() };
  for await (const { text } of lines(file)) {
    const { entity: e } = parseLine(text);
    if (e === undefined) continue;
    if (e.schema === 'Sanction')
      for (const subject of props(e, 'entity')) g.sanctions.set(subject, [...(g.sanctions.get(subject) ?? []), e]);
    else if (e.schema === 'Address') g.addresses.set(e.id, props(e, 'full')[0] ?? e.caption ?? '');
    else if (e.schema === 'Passport' || e.schema === 'Identification') {
      const scheme = e.schema === 'Passport' ? 'passport' : 'national-id';
      for (const holder of props(e, 'holder')) {
        const list = g.documents.get(holder) ?? [];
        for (const n of props(e, 'number')) addIdentifier(list, scheme, n);
        g.documents.set(holder, list);
      }
    }
  }
  return g;
}

function* entityRecords(e: FtmEntity, at: string, g: Gathered, retrievedAt: string): Generator<Located> {
  const type = ENTITY_SCHEMAS[e.schema];
  if (type === undefined) return;
  const names = uniq([e.caption ?? '', ...props(e, 'name')]);
  const [name, ...others] = names;
  if (name === undefined) {
    yield { at, problem: `entity ${e.id} has no name`, field: 'properties.name' };
    return;
  }
  const identifiers: Identifier[] = [...(g.documents.get(e.id) ?? [])];
  for (const [prop, scheme] of Object.entries(FTM_IDENTIFIER_PROPERTIES))
    for (const v of props(e, prop)) addIdentifier(identifiers, scheme, v);
  // OFAC's uid is only in the source URL; it is what joins this entity to the OFAC importers' records.
  for (const url of props(e, 'sourceUrl')) {
    const uid = /sanctionssearch\.ofac\.treas\.gov\/Details\.aspx\?id=(\d+)/.exec(url)?.[1];
    if (uid !== undefined) addIdentifier(identifiers, 'ofac', uid);
  }
  const sanctions = g.sanctions.get(e.id) ?? [];
  const topics = mapTopics(props(e, 'topics'));
  if (sanctions.length > 0 && !topics.includes('sanction')) topics.push('sanction');
  // A sanction by an authority outside OFAC/EU/UN/UK has no listing record (the `list` field cannot name it), so
  // it is kept here as text: the topic says the entity is sanctioned, the description says by whom.
  const elsewhere = sanctions.filter((s) => sanctionList(s.datasets ?? [], props(s, 'authority')) === null);
  const notes = elsewhere.map(
    (s) =>
      `Sanctioned by ${props(s, 'authority')[0] ?? s.datasets?.[0] ?? 'an authority'}${props(s, 'program')[0] ? ` (${props(s, 'program')[0]})` : ''}.`,
  );
  const nationalities = countryCodes([...props(e, 'nationality'), ...props(e, 'citizenship')]);
  const countries = countryCodes([...props(e, 'jurisdiction'), ...props(e, 'country')]);
  const provenance = { source: OS_SOURCE, record_id: e.id, url: osUrl(e.id), retrieved_at: retrievedAt };
  const description = uniq([...props(e, 'notes'), ...props(e, 'summary'), ...uniq(notes)]).join(' ') || null;
  yield {
    at,
    record: {
      record: 'entity',
      id: `os:${e.id}`,
      type,
      name,
      aliases: uniq([...others, ...props(e, 'alias'), ...props(e, 'previousName'), ...props(e, 'weakAlias')]).filter(
        (a) => a !== name,
      ),
      jurisdiction: type === 'person' ? (nationalities[0] ?? countries[0] ?? null) : (countries[0] ?? null),
      identifiers,
      topics: uniq(topics),
      addresses: uniq([...props(e, 'address'), ...props(e, 'addressEntity').map((a) => g.addresses.get(a) ?? '')]),
      birth_date:
        type === 'person'
          ? (props(e, 'birthDate')
              .map((d) => partialDate(d))
              .find((d) => d !== null) ?? null)
          : null,
      nationalities: type === 'person' ? nationalities : [],
      incorporation_date:
        type === 'company'
          ? (props(e, 'incorporationDate')
              .map((d) => partialDate(d))
              .find((d) => d !== null) ?? null)
          : null,
      status: props(e, 'status')[0] ?? null,
      position: props(e, 'position').join('; ') || null,
      description,
      provenance: [provenance],
    },
  };
  for (const s of sanctions) {
    const list = sanctionList(s.datasets ?? [], props(s, 'authority'));
    if (list === null) continue;
    yield {
      at,
      record: {
        record: 'listing',
        entity_id: `os:${e.id}`,
        list,
        program: props(s, 'programId')[0] ?? props(s, 'program')[0] ?? list,
        listed_on:
          [...props(s, 'listingDate'), ...props(s, 'startDate')]
            .map((d) => partialDate(d))
            .filter((d) => d !== null)
            .sort()[0] ?? null,
        reference: props(s, 'authorityId')[0] ?? props(s, 'unscId')[0] ?? s.id,
        remarks: uniq([...props(s, 'reason'), ...props(s, 'summary')]).join(' ') || null,
        provenance: { ...provenance, record_id: s.id },
      },
    };
  }
}

function* edgeRecords(e: FtmEntity, at: string, retrievedAt: string): Generator<Located> {
  const spec = EDGE_SCHEMAS[e.schema];
  if (spec === undefined) return;
  const source = props(e, spec.source)[0];
  const target = props(e, spec.target)[0];
  if (source === undefined || target === undefined) {
    const missing = source === undefined ? spec.source : spec.target;
    yield { at, problem: `${e.schema} ${e.id} lacks its ${missing}`, field: `properties.${missing}` };
    return;
  }
  const pct = Number(props(e, 'percentage')[0]?.replace('%', ''));
  const share = Number.isFinite(pct) && pct > 0 && pct <= 100 ? { min: pct, max: pct } : null;
  yield {
    at,
    record: {
      record: 'relationship',
      source: `os:${source}`,
      target: `os:${target}`,
      kind: spec.kind,
      role: props(e, 'role')[0] ?? props(e, 'relationship')[0] ?? spec.role,
      share,
      start_date:
        props(e, 'startDate')
          .map((d) => partialDate(d))
          .find((d) => d !== null) ?? null,
      end_date:
        props(e, 'endDate')
          .map((d) => partialDate(d))
          .find((d) => d !== null) ?? null,
      provenance: { source: OS_SOURCE, record_id: e.id, url: osUrl(e.id), retrieved_at: retrievedAt },
    },
  };
}

/**
 * Two streaming passes: Sanction, Address and Passport entities point at their subject from anywhere in the file,
 * so the first pass gathers them (small next to the entities) and the second writes each entity whole.
 */
async function* readFtm(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = path.basename(file);
  const g = await gather(file);
  for await (const { text, line } of lines(file)) {
    const at = `${name}:${line}`;
    const parsed = parseLine(text);
    if (parsed.entity === undefined) {
      yield { at, problem: parsed.problem ?? 'unreadable', field: parsed.field ?? '(line)' };
      continue;
    }
    const e = parsed.entity;
    const retrievedAt =
      partialDate(e.last_seen ?? '')?.length === 10 ? (e.last_seen ?? '').slice(0, 10) : options.retrievedAt;
    yield* entityRecords(e, at, g, retrievedAt);
    yield* edgeRecords(e, at, retrievedAt);
  }
}

export const opensanctionsFtm = defineImporter({
  format: 'ftm',
  description:
    'OpenSanctions FollowTheMoney entities, JSON lines (entities.ftm.json): entities, ownership/directorship/family links, listings',
  source: OS_SOURCE,
  input: 'file',
  read: readFtm,
});
