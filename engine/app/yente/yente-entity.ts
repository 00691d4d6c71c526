// An entity cluster in the shape yente answers with (yente/data/common.py, EntityResponse): merged properties,
// the records merged into it as referents, its datasets, and when its sources saw it.
import type { Corpus } from '../../corpus.js';
import { missing } from '../../errors/missing.js';
import { clusterSanctioned } from '../../live/entity-facts.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';
import { ftmEntityOf } from '../ftm/ftm-entity.js';
import { propertyType, schemaNamed } from '../ftm/ftm-model.js';
import { entityDatasets } from './yente-datasets.js';

export interface YenteEntity {
  id: string;
  caption: string;
  schema: string;
  properties: Record<string, string[]>;
  datasets: string[];
  referents: string[];
  /** Whether the entity is a target of screening: sanctioned, as yente marks list entries. */
  target: boolean;
  /** ISO seconds without a zone, as yente writes them. */
  first_seen: string | null;
  last_seen: string | null;
  last_change: string | null;
}

/** Records merged into one answer at most: a cluster larger than this is answered from its first records. */
const MAX_MERGED = 200;
/** Values of one property kept at most, so that one entity never makes an answer unreadably long. */
const MAX_VALUES = 50;

/** A date the sources give as YYYY-MM-DD, as the instant yente writes (`2026-01-01T00:00:00`). */
const seenAt = (date: string): string => `${date}T00:00:00`;

/** The cluster of record `ix`, answered under its canonical id with every member's properties merged. */
export function yenteEntity(corpus: Corpus, ix: number): YenteEntity {
  const { entities } = corpus;
  const canonical = entities.cluster(ix);
  const listed = clusterSanctioned(corpus, canonical);
  const head = ftmEntityOf(entities.record(canonical), listed);
  const schema = schemaNamed(head.schema) ?? missing(`FollowTheMoney schema ${head.schema}`);
  const properties: Record<string, string[]> = {};
  const referents: string[] = [];
  let first: string | null = null;
  let last: string | null = null;
  const members = [canonical, ...clusterMembers(corpus, canonical).filter((m) => m !== canonical)];
  for (const member of members.slice(0, MAX_MERGED)) {
    const record = entities.record(member);
    if (member !== canonical) referents.push(record.id);
    for (const p of record.provenance) {
      if (first === null || p.retrieved_at < first) first = p.retrieved_at;
      if (last === null || p.retrieved_at > last) last = p.retrieved_at;
    }
    // Members of other kinds (a vessel's owner record merged by identifier) keep only what the head's schema has.
    const { properties: own } = member === canonical ? head : ftmEntityOf(record, listed);
    for (const [name, values] of Object.entries(own)) {
      if (member !== canonical && propertyType(schema, name) === undefined) continue;
      const list = (properties[name] ??= []);
      for (const v of values) if (list.length < MAX_VALUES && !list.includes(v)) list.push(v);
    }
  }
  return {
    id: entities.ids.at(canonical) ?? missing('entity id'),
    caption: entities.names.at(canonical) ?? missing('entity name'),
    schema: head.schema,
    properties,
    datasets: entityDatasets(corpus, canonical),
    referents: referents.sort(),
    target: listed,
    first_seen: first === null ? null : seenAt(first),
    last_seen: last === null ? null : seenAt(last),
    last_change: last === null ? null : seenAt(last),
  };
}
