// What the scorer compares of a query by example and of a candidate record: names, birth date, countries and
// identifiers, each identifier as `scheme:VALUE` with only letters and digits so that spellings of one agree.
import type { Corpus } from '../../corpus.js';
import { FTM_IDENTIFIER_PROPERTIES } from '../../identifiers/ftm-properties.js';
import type { EntityRecord } from '../../model/records.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { MAX_NAMES } from '../../resolution/link-score.js';
import type { MatchSubject, SubjectKind } from '../../resolution/match-scorer.js';
import { subjectKindOf } from '../../resolution/subject-kind.js';
import { FTM_MODEL } from '../ftm/ftm-model.js';
import type { ParsedExample } from './match-example.js';

/** Properties whose values are names of the entity itself. */
const NAME_PROPERTIES = ['name', 'alias', 'previousName', 'weakAlias', 'abbreviation'] as const;
/** Properties that place a person or a company in a country. */
const COUNTRY_PROPERTIES = ['nationality', 'citizenship', 'country', 'jurisdiction', 'mainCountry', 'flag'] as const;
/** Identifiers without a scheme of their own: they agree with a record's identifier of any scheme. */
const SCHEMELESS = new Set(['registrationNumber', 'idNumber', 'taxNumber']);

/** Letters and digits only, upper case: `GB 0123-45` and `gb012345` are one identifier. */
export const identifierKey = (value: string): string => value.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A value of `scheme` as it is stored and compared: an IMO number without its "IMO" prefix. */
const schemeValue = (scheme: string, value: string): string =>
  scheme === 'imo' ? value.replace(/^\s*imo[\s:.-]*/i, '') : value.trim();

export function kindOfSchema(schema: string): SubjectKind {
  const s = FTM_MODEL.getSchema(schema);
  if (s.isA('Person')) return 'person';
  if (s.isA('Vessel')) return 'vessel';
  if (s.isA('Organization')) return 'company';
  return 'any';
}

/** The query's side, less its schemeless identifiers (see `identifiersAgainst`). */
export function exampleSubject(example: ParsedExample): MatchSubject {
  const p = example.properties;
  const names = NAME_PROPERTIES.flatMap((n) => p[n] ?? []);
  // A person sent as parts of a name: the parts make the name.
  if (names.length === 0) {
    const parts = ['firstName', 'secondName', 'middleName', 'fatherName', 'lastName'].flatMap((n) => p[n] ?? []);
    if (parts.length > 0) names.push(parts.join(' '));
  }
  const identifiers: string[] = [];
  for (const [property, scheme] of Object.entries(FTM_IDENTIFIER_PROPERTIES))
    if (!SCHEMELESS.has(property))
      for (const v of p[property] ?? []) identifiers.push(`${scheme}:${identifierKey(schemeValue(scheme, v))}`);
  return {
    kind: kindOfSchema(example.schema),
    names: names.slice(0, MAX_NAMES),
    birthDate: p['birthDate']?.[0] ?? null,
    countries: [...new Set(COUNTRY_PROPERTIES.flatMap((n) => p[n] ?? []).map((c) => c.toUpperCase()))],
    identifiers,
  };
}

/** The keys of the query's schemeless identifiers (registration, id and tax numbers), read once per query. */
export function schemelessKeys(example: ParsedExample): ReadonlySet<string> {
  return new Set([...SCHEMELESS].flatMap((n) => example.properties[n] ?? []).map(identifierKey));
}

/** The query's schemeless identifiers that name one of the candidate's, in the candidate's scheme. */
export function identifiersAgainst(keys: ReadonlySet<string>, candidate: MatchSubject): string[] {
  if (keys.size === 0) return [];
  return (candidate.identifiers ?? []).filter((i) => keys.has(i.slice(i.indexOf(':') + 1)));
}

/** The candidate's side: a record's names, birth date, countries and identifiers. */
export function recordSubject(record: EntityRecord): MatchSubject {
  return {
    kind: subjectKindOf(record),
    names: [record.name, ...record.aliases].slice(0, MAX_NAMES),
    birthDate: record.birth_date,
    countries: record.jurisdiction === null ? record.nationalities : [record.jurisdiction, ...record.nationalities],
    identifiers: record.identifiers.map((i) => `${i.scheme}:${identifierKey(i.value)}`),
  };
}

/** Records whose identifiers the example gives: LEI, IMO and other schemes exactly, registration numbers in any. */
export function identifierCandidates(corpus: Corpus, example: ParsedExample): number[] {
  const out = new Set<number>();
  for (const [property, scheme] of Object.entries(FTM_IDENTIFIER_PROPERTIES))
    for (const v of example.properties[property] ?? []) {
      const value = schemeValue(scheme, v);
      const exact = corpus.identifiers.get(scheme, value) ?? corpus.identifiers.get(scheme, identifierKey(value));
      if (exact !== undefined) out.add(exact);
      // A bare company number or LEI: in whichever register's scheme it is written.
      if (SCHEMELESS.has(property)) for (const ix of identifierMatches(corpus, value)) out.add(ix);
    }
  return [...out];
}
