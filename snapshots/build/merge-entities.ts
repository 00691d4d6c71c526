// Merges two records that carry the same entity id (one source publishing a record twice, or two files of one set).
import type { EntityRecord } from '../../engine/model/records.js';

const union = <T>(a: readonly T[], b: readonly T[], key: (x: T) => string = String): T[] => {
  const seen = new Set(a.map(key));
  const out = [...a];
  for (const x of b) {
    const k = key(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
};

/** `a` wins on every single-valued field it has; lists are united; provenance is kept from both. */
export function mergeEntities(a: EntityRecord, b: EntityRecord): EntityRecord {
  const aliases = union(a.aliases, b.name === a.name ? b.aliases : [b.name, ...b.aliases]).filter((n) => n !== a.name);
  return {
    ...a,
    aliases,
    jurisdiction: a.jurisdiction ?? b.jurisdiction,
    identifiers: union(a.identifiers, b.identifiers, (i) => `${i.scheme}:${i.value}`),
    topics: union(a.topics, b.topics),
    addresses: union(a.addresses, b.addresses),
    birth_date: a.birth_date ?? b.birth_date,
    nationalities: union(a.nationalities, b.nationalities),
    incorporation_date: a.incorporation_date ?? b.incorporation_date,
    dissolution_date: a.dissolution_date ?? b.dissolution_date,
    status: a.status ?? b.status,
    position: a.position ?? b.position,
    description: a.description ?? b.description,
    company: a.company ?? b.company,
    provenance: union(a.provenance, b.provenance, (p) => `${p.source}|${p.record_id}`),
  };
}
