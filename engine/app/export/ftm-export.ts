// FollowTheMoney JSON lines of a set of records: each record an entity of its schema, followed by the links it is
// the first party of (Ownership, Directorship, Family, UnknownLink from its relationships; its Sanctions and
// Identifications), so that every link is written once without remembering which were.
import type { Corpus } from '../../corpus.js';
import { isSanctioned } from '../../live/entity-facts.js';
import { ftmEntityOf, type FtmEntity } from '../ftm/ftm-entity.js';
import { linksOf } from '../ftm/ftm-links.js';
import { FTM_MODEL } from '../ftm/ftm-model.js';

/** The ids of the entities a link names, its first party (owner, director, sanctioned entity, holder) first. */
function partiesOf(link: FtmEntity): string[] {
  const schema = FTM_MODEL.getSchema(link.schema);
  return Object.entries(link.properties).flatMap(([name, values]) =>
    schema.getProperty(name).type.name === 'entity' ? values : [],
  );
}

/**
 * The entities of `records` and their links; with `within`, only the links whose every party is in it, so that an
 * export of a neighbourhood refers to no entity it leaves out. One entity at a time: the whole corpus streams.
 */
export function* ftmEntities(
  corpus: Corpus,
  records: Iterable<number>,
  within?: ReadonlySet<string>,
): Generator<FtmEntity> {
  for (const ix of records) {
    const record = corpus.entities.record(ix);
    yield ftmEntityOf(record, isSanctioned(corpus, ix));
    const written = new Set<string>();
    for (const link of linksOf(corpus, ix)) {
      const parties = partiesOf(link);
      if (parties[0] !== record.id || written.has(link.id)) continue;
      if (within !== undefined && !parties.every((p) => within.has(p))) continue;
      written.add(link.id);
      yield link;
    }
  }
}
