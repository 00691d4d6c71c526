// A sanctions list as published now, against the corpus: the change that brings the corpus to it.
import type { Corpus } from '../corpus.js';
import { EntityRecordSchema, type EntityRecord, type NormalisedRecord, type SanctionsList } from '../model/records.js';
import { CorpusChangeSchema, type CorpusChange, type ListingKey } from './corpus-change.js';

/** The listings of `list` the corpus holds now (a delisted one is no longer filed under its entity). */
function currentListings(corpus: Corpus, list: SanctionsList): ListingKey[] {
  const { listings, entities } = corpus;
  const out: ListingKey[] = [];
  for (let r = 0; r < listings.records.size; r++) {
    const l = listings.records.get(r);
    if (l.list !== list) continue;
    const e = entities.indexOf(l.entity_id);
    if (e !== undefined && listings.byEntity.of(e).includes(r))
      out.push({ entity_id: l.entity_id, list: l.list, reference: l.reference });
  }
  return out;
}

const keyOf = (k: ListingKey): string => `${k.entity_id}\t${k.list}\t${k.reference}`;

/**
 * A list's entry carries the `sanction` topic because it is listed: once every listing of it is lifted, its record is
 * upserted without the topic, so that nothing reads it as sanctioned any more. Null when it keeps another listing.
 */
function liftedEntry(corpus: Corpus, id: string, removed: readonly ListingKey[]): EntityRecord | null {
  const ix = corpus.entities.indexOf(id);
  if (ix === undefined) return null;
  const lifted = new Set(removed.filter((k) => k.entity_id === id).map((k) => `${k.list}\t${k.reference}`));
  for (const r of corpus.listings.byEntity.of(ix)) {
    const l = corpus.listings.records.get(r);
    if (!lifted.has(`${l.list}\t${l.reference}`)) return null;
  }
  const record = EntityRecordSchema.parse(corpus.entities.record(ix));
  if (!record.topics.includes('sanction')) return null;
  return { ...record, topics: record.topics.filter((t) => t !== 'sanction') };
}

/**
 * Every record of the list as published now is upserted (an entry that did not change changes nothing), and every
 * listing of that list the corpus holds but the publication no longer has is removed: a delisting. The entities of
 * delisted entries stay, as records of what was published.
 */
export function listRefreshChange(
  corpus: Corpus,
  list: SanctionsList,
  records: readonly NormalisedRecord[],
): CorpusChange {
  const change = CorpusChangeSchema.parse({});
  for (const r of records) {
    if (r.record === 'entity') change.entities.push(r);
    else if (r.record === 'relationship') change.relationships.push(r);
    else if (r.record === 'listing' && r.list === list) change.listings.push(r);
  }
  const published = new Set(change.listings.map((l) => keyOf(l)));
  change.removed_listings = currentListings(corpus, list).filter((k) => !published.has(keyOf(k)));
  const upserted = new Set(change.entities.map((e) => e.id));
  for (const id of new Set(change.removed_listings.map((k) => k.entity_id))) {
    const lifted = liftedEntry(corpus, id, change.removed_listings);
    if (lifted !== null && !upserted.has(id)) change.entities.push(lifted);
  }
  return change;
}
