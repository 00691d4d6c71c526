// `GET …/yente/entities/{id}`: an entity with its adjacent entities nested, as yente answers with `nested=true`:
// each link (Ownership, Directorship, Sanction, …) under the property that points back at the entity, with the
// party at its other end nested in it.
import type { Corpus } from '../../corpus.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';
import type { FtmEntity } from '../ftm/ftm-entity.js';
import { linksOf } from '../ftm/ftm-links.js';
import { FTM_MODEL } from '../ftm/ftm-model.js';
import { datasetNameOf } from './yente-datasets.js';
import { yenteEntity, type YenteEntity } from './yente-entity.js';

export type NestedValue = string | NestedEntity;

export interface NestedEntity extends Omit<YenteEntity, 'properties'> {
  properties: Record<string, NestedValue[]>;
}

/** Links nested under one property at most; the rest are left to the graph and export endpoints. */
export const MAX_ADJACENT = 50;
/** Records of a cluster whose links are read: a cluster larger than this is answered with its first records' links. */
const MAX_MEMBERS = 50;

/** A link as an EntityResponse: its own id and schema, the dataset of the source that published it. */
function linkResponse(link: FtmEntity, properties: Record<string, NestedValue[]>): NestedEntity {
  const publisher = link.properties['publisher']?.[0];
  return {
    id: link.id,
    caption: FTM_MODEL.getSchema(link.schema).label,
    schema: link.schema,
    properties,
    datasets: publisher === undefined ? [] : [datasetNameOf(publisher)],
    referents: [],
    target: false,
    first_seen: null,
    last_seen: null,
    last_change: null,
  };
}

export function nestedEntity(corpus: Corpus, ix: number): NestedEntity {
  const root = yenteEntity(corpus, ix);
  const members = clusterMembers(corpus, ix).slice(0, MAX_MEMBERS);
  const own = new Set(members.map((m) => corpus.entities.ids.at(m)));
  const properties: Record<string, NestedValue[]> = { ...root.properties };
  const parties = new Map<string, YenteEntity>();
  const party = (id: string): NestedValue => {
    let entity = parties.get(id);
    if (entity === undefined) {
      const other = corpus.entities.indexOf(id);
      if (other === undefined) return id;
      entity = yenteEntity(corpus, other);
      parties.set(id, entity);
    }
    return entity;
  };
  const seen = new Set<string>();
  for (const member of members)
    for (const link of linksOf(corpus, member)) {
      if (seen.has(link.id)) continue;
      seen.add(link.id);
      const schema = FTM_MODEL.getSchema(link.schema);
      let back: string | undefined;
      const nested: Record<string, NestedValue[]> = {};
      for (const [name, values] of Object.entries(link.properties)) {
        const property = schema.getProperty(name);
        if (property.type.name !== 'entity') {
          nested[name] = values;
          continue;
        }
        // The property naming the root is where the link hangs (its reverse); the others nest their party.
        if (back === undefined && values.some((v) => own.has(v))) back = property.getReverse().name;
        else nested[name] = values.map(party);
      }
      if (back === undefined) continue;
      const list = (properties[back] ??= []);
      if (list.length < MAX_ADJACENT) list.push(linkResponse(link, nested));
    }
  return { ...root, properties };
}
