// Builds and merges EntityRecords: readers add names and identifiers here so that every source is shaped alike.
import type { EntityRecord, EntityType } from './matching-pairs-types.js';

export interface EntitySeed {
  readonly group: string;
  readonly publisher: string;
  readonly source: string;
  readonly type: EntityType;
  readonly japaneseContext?: boolean;
}

export function newEntity(seed: EntitySeed): EntityRecord {
  return {
    group: seed.group,
    publisher: seed.publisher,
    source: seed.source,
    type: seed.type,
    names: [],
    repeatedNames: 0,
    namesSeenInAnotherFile: 0,
    readingFrom: seed.source,
    namesRead: new Set(),
    identifiers: new Set(),
    schemes: new Map(),
    birthYears: new Set(),
    countries: new Set(),
    japaneseContext: seed.japaneseContext ?? false,
  };
}

/**
 * Whitespace collapsed and trimmed (the EU file pads names with double and trailing spaces), and invisible bidi
 * embedding marks dropped (OFAC wraps its Arabic-script names in U+202B … U+202C). Letters are never touched.
 */
export function cleanName(raw: string): string {
  return raw
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

export function addName(entity: EntityRecord, raw: string | undefined): void {
  if (raw === undefined) return;
  const name = cleanName(raw);
  if (name === '') return;
  const readKey = `${entity.readingFrom}\u0000${name}`;
  if (!entity.names.includes(name)) entity.names.push(name);
  else if (entity.namesRead.has(readKey)) entity.repeatedNames++;
  else entity.namesSeenInAnotherFile++;
  entity.namesRead.add(readKey);
}

/** Records an identifier under a scheme; values are compared without spaces, dashes or case. */
export function addIdentifier(entity: EntityRecord, scheme: string, raw: string | undefined): void {
  if (raw === undefined) return;
  const value = raw.toUpperCase().replace(/[\s\-./]/gu, '');
  if (value.length < 4) return;
  entity.identifiers.add(value);
  let values = entity.schemes.get(scheme);
  if (values === undefined) entity.schemes.set(scheme, (values = new Set()));
  values.add(value);
}

/** Adds every four-digit year found in a free-text date ("circa 1955", "1959 to 1961", "05 Jan 1960"). */
export function addBirthYears(entity: EntityRecord, raw: string | undefined): void {
  for (const m of (raw ?? '').matchAll(/\b(1[89]\d\d|20\d\d)\b/gu)) if (m[1] !== undefined) entity.birthYears.add(m[1]);
}

export function addCountry(entity: EntityRecord, raw: string | undefined): void {
  const c = (raw ?? '').trim().toLowerCase();
  if (c !== '' && c !== '00') entity.countries.add(c);
}

/** Merges records that share a group (the same OFAC id in several OFAC files), keeping first-seen name order. */
export class EntityBook {
  private readonly byGroup = new Map<string, EntityRecord>();

  get(seed: EntitySeed): EntityRecord {
    const existing = this.byGroup.get(seed.group);
    if (existing === undefined) {
      const created = newEntity(seed);
      this.byGroup.set(seed.group, created);
      return created;
    }
    if (!existing.source.split(';').includes(seed.source)) existing.source += `;${seed.source}`;
    existing.readingFrom = seed.source;
    return existing;
  }

  has(group: string): boolean {
    return this.byGroup.has(group);
  }

  all(): EntityRecord[] {
    return [...this.byGroup.values()];
  }
}
