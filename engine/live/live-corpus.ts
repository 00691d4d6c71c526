// Applies changes to a loaded corpus while it serves: every store, index and derived fact a change touches follows.
import type { Corpus, EntityFamily } from '../corpus.js';
import { normaliseEntityIdentifiers } from '../identifiers/entity-identifiers.js';
import { isIdentifierScheme } from '../identifiers/index.js';
import {
  EVENT_KINDS,
  type EntityRecord,
  type EventRecord,
  type FinancialsRecord,
  type ListingRecord,
  type RelationshipRecord,
  type StatementRecord,
} from '../model/records.js';
import { rolesFromBits, topicBits } from '../model/roles.js';
import type { StoredEntity } from '../model/views.js';
import { EDGE_FAMILY } from '../graph/relation-graph.js';
import { relationshipKeyOf, type CorpusChange, type ListingKey, type RelationshipKey } from './corpus-change.js';
import { clusterOf, ownedDownstream, rolesOf, storedRiskOf } from './entity-facts.js';
import { sameRecord } from './same-record.js';

/** What one change did: records that changed something, records equal to what was there, records skipped and why. */
export interface ApplyResult {
  applied: number;
  unchanged: number;
  skipped: Array<{ record: string; reason: string }>;
  /** Entities whose record changed (their own fields or what is derived from their neighbourhood). */
  touched: number[];
}

/** Entities whose derived facts a change may alter, by what must be derived again. */
interface Touched {
  /** Roles (from their relationships, listings and topics). */
  roles: Set<number>;
  /** Stored risk. */
  risk: Set<number>;
  /** Sanctions reach changes for everything they own, down the chains. */
  owners: Set<number>;
  /** Sanctions status changes for their cluster, and so for what the cluster owns. */
  listed: Set<number>;
  /** Records replaced outright in this change. */
  records: Set<number>;
}

const keyString = (k: RelationshipKey): string => `${k.source}\t${k.record_id}\t${k.kind}\t${k.target}`;

/**
 * The corpus stays the object every capability reads; this holds the bookkeeping that upserts need (which live
 * record holds which key). A change is applied in one synchronous call, so a request sees it whole or not at all.
 */
export class LiveCorpus {
  readonly corpus: Corpus;
  /** Relationships added live, by key: the current record of each. */
  readonly #relationships = new Map<string, number>();
  readonly #events = new Set<string>();

  constructor(corpus: Corpus) {
    this.corpus = corpus;
  }

  /**
   * Applies `change` as of `appliedAt` (epoch ms: the pulse feed's instant for its events); `publishedAt`, when
   * known, is when its publisher published it (for the lag each source shows in stats).
   */
  apply(change: CorpusChange, appliedAt: number, publishedAt: number | null = null): ApplyResult {
    const result: ApplyResult = { applied: 0, unchanged: 0, skipped: [], touched: [] };
    const touched: Touched = {
      roles: new Set(),
      risk: new Set(),
      owners: new Set(),
      listed: new Set(),
      records: new Set(),
    };
    const count = (outcome: Outcome, record: string): void => {
      if (outcome === 'applied') result.applied++;
      else if (outcome === 'unchanged') result.unchanged++;
      else result.skipped.push({ record, reason: outcome.skipped });
    };
    const addedBy = new Map<string, number>();
    for (const e of change.entities) {
      const known = this.corpus.entities.size;
      count(this.#upsertEntity(e, touched), `entity ${e.id}`);
      const source = e.provenance[0]?.source ?? 'unknown';
      if (this.corpus.entities.size > known) addedBy.set(source, (addedBy.get(source) ?? 0) + 1);
    }
    for (const r of change.relationships)
      count(this.#upsertRelationship(r, touched), `relationship ${r.provenance.record_id}`);
    for (const l of change.listings) count(this.#upsertListing(l, touched), `listing ${l.reference}`);
    for (const s of change.statements) count(this.#upsertStatement(s, touched), `statement ${s.provenance.record_id}`);
    for (const f of change.financials)
      count(this.#upsertFinancials(f, touched), `financials ${f.provenance.record_id}`);
    for (const e of change.events) count(this.#addEvent(e, appliedAt), `event ${e.id}`);
    for (const k of change.removed_relationships)
      count(this.#removeRelationship(k, touched), `relationship ${k.record_id}`);
    for (const k of change.removed_listings) count(this.#removeListing(k, touched), `listing ${k.reference}`);
    result.touched = this.#derive(touched);
    if (result.applied > 0)
      for (const source of sourcesOf(change)) {
        const added = this.corpus.freshness.get(source)?.added ?? 0;
        this.corpus.freshness.set(source, { appliedAt, publishedAt, added: added + (addedBy.get(source) ?? 0) });
      }
    return result;
  }

  #upsertEntity(rec: EntityRecord, touched: Touched): Outcome {
    const { entities, identifiers, names, clusters } = this.corpus;
    const ns = rec.id.slice(0, rec.id.indexOf(':'));
    const idents = normaliseEntityIdentifiers(rec.id, rec.identifiers, []);
    const at = entities.indexOf(rec.id);
    if (at !== undefined) {
      const old = entities.record(at);
      const next: StoredEntity = {
        ...rec,
        identifiers: idents,
        roles: old.roles,
        risk: old.risk,
        cluster_id: old.cluster_id,
        source: old.source,
        shared_address: old.shared_address,
      };
      if (sameRecord(old, next)) return 'unchanged';
      entities.update(at, next);
      if (old.name !== rec.name || old.aliases.join('\n') !== rec.aliases.join('\n'))
        names.setNames(at, [rec.name, ...rec.aliases]);
      for (const i of idents) if (isIdentifierScheme(i.scheme)) identifiers.add(i.scheme, i.value, at, i.scheme === ns);
      touched.records.add(at);
      touched.roles.add(at);
      touched.risk.add(at);
      if (old.topics.includes('sanction') !== rec.topics.includes('sanction')) touched.listed.add(at);
      return 'applied';
    }
    // Records already in the corpus that carry one of its identifiers: the same entity, as the build links them.
    const linked = new Set<number>();
    for (const i of idents) {
      if (!isIdentifierScheme(i.scheme)) continue;
      const other = identifiers.get(i.scheme, i.value);
      if (other !== undefined) linked.add(other);
    }
    const first = [...linked][0];
    const canonical = first === undefined ? undefined : entities.cluster(first);
    const ix = entities.append(
      {
        ...rec,
        identifiers: idents,
        roles: rolesFromBits(topicBits(rec.topics)),
        risk: 'LOW',
        cluster_id: canonical === undefined ? rec.id : (entities.ids[canonical] ?? rec.id),
        source: rec.provenance[0]?.source ?? 'unknown',
        shared_address: null,
      },
      canonical,
    );
    clusters.add(canonical ?? ix, ix);
    for (const i of idents) if (isIdentifierScheme(i.scheme)) identifiers.add(i.scheme, i.value, ix, i.scheme === ns);
    names.setNames(ix, [rec.name, ...rec.aliases]);
    for (const other of linked) this.#link(ix, other, rec, idents, touched);
    touched.risk.add(ix);
    if (rec.topics.includes('sanction')) touched.listed.add(ix);
    return 'applied';
  }

  /** An identity relationship from a new record to a record it shares an identifier with, cited to the new record. */
  #link(ix: number, other: number, rec: EntityRecord, idents: EntityRecord['identifiers'], touched: Touched): void {
    const otherRecord = this.corpus.entities.record(other);
    const shared = idents
      .filter((i) => otherRecord.identifiers.some((o) => o.scheme === i.scheme && o.value === i.value))
      .map((i) => i.scheme);
    const provenance = rec.provenance[0];
    if (provenance === undefined) return;
    this.#upsertRelationship(
      {
        record: 'relationship',
        source: rec.id,
        target: otherRecord.id,
        kind: 'identity',
        role: 'same-as',
        share: null,
        natures: [...new Set(shared)].sort(),
        start_date: null,
        end_date: null,
        provenance,
      },
      touched,
    );
    touched.listed.add(ix);
  }

  #upsertRelationship(rec: RelationshipRecord, touched: Touched): Outcome {
    const { entities, graph, relationships } = this.corpus;
    const s = entities.indexOf(rec.source);
    const t = entities.indexOf(rec.target);
    if (s === undefined) return { skipped: `unknown entity ${rec.source}` };
    if (t === undefined) return { skipped: `unknown entity ${rec.target}` };
    if (s === t) return { skipped: 'self-relationship' };
    const key = relationshipKeyOf(rec);
    const existing = this.#findRelationship(key, t);
    if (existing !== undefined) {
      const old = relationships.get(existing);
      if (sameRecord(old, rec)) return 'unchanged';
      graph.removeLive(existing);
      const oldSource = entities.indexOf(old.source);
      if (oldSource !== undefined) touched.roles.add(oldSource);
    }
    const rel = relationships.append(rec);
    graph.addLive(s, t, { kind: rec.kind, role: rec.role, share: rec.share, ended: rec.end_date !== null }, rel);
    this.#relationships.set(keyString(key), rel);
    touched.roles.add(s);
    if (EDGE_FAMILY[rec.kind] === 'control') touched.owners.add(t);
    if (rec.kind === 'identity') touched.listed.add(t);
    return 'applied';
  }

  #removeRelationship(key: RelationshipKey, touched: Touched): Outcome {
    const { entities, graph, relationships } = this.corpus;
    const t = entities.indexOf(key.target);
    if (t === undefined) return { skipped: `unknown entity ${key.target}` };
    const existing = this.#findRelationship(key, t);
    if (existing === undefined) return 'unchanged';
    graph.removeLive(existing);
    this.#relationships.delete(keyString(key));
    const source = entities.indexOf(relationships.get(existing).source);
    if (source !== undefined) touched.roles.add(source);
    touched.owners.add(t);
    return 'applied';
  }

  /** The current relationship with this key: one added live, else one of the target's loaded edges. */
  #findRelationship(key: RelationshipKey, target: number): number | undefined {
    const live = this.#relationships.get(keyString(key));
    if (live !== undefined) return live;
    let found: number | undefined;
    this.corpus.graph.forEachEdge(target, [EDGE_FAMILY[key.kind]], (_other, rel, attrs, direction) => {
      if (found !== undefined || direction !== 'in' || attrs.kind !== key.kind) return;
      const p = this.corpus.relationships.get(rel).provenance;
      if (p.source === key.source && p.record_id === key.record_id) found = rel;
    });
    return found;
  }

  #upsertListing(rec: ListingRecord, touched: Touched): Outcome {
    const outcome = this.#upsertOwned(
      this.corpus.listings,
      rec,
      (a, b) => a.list === b.list && a.reference === b.reference,
    );
    const e = this.corpus.entities.indexOf(rec.entity_id);
    if (outcome === 'applied' && e !== undefined) {
      touched.listed.add(e);
      touched.roles.add(e);
    }
    return outcome;
  }

  #removeListing(key: ListingKey, touched: Touched): Outcome {
    const { entities, listings } = this.corpus;
    const e = entities.indexOf(key.entity_id);
    if (e === undefined) return { skipped: `unknown entity ${key.entity_id}` };
    for (const r of listings.byEntity.of(e)) {
      const l = listings.records.get(r);
      if (l.list !== key.list || l.reference !== key.reference) continue;
      listings.byEntity.remove(e, r);
      touched.listed.add(e);
      touched.roles.add(e);
      return 'applied';
    }
    return 'unchanged';
  }

  #upsertStatement(rec: StatementRecord, touched: Touched): Outcome {
    const outcome = this.#upsertOwned(this.corpus.statements, rec, (a, b) => a.kind === b.kind && a.code === b.code);
    const e = this.corpus.entities.indexOf(rec.entity_id);
    if (outcome === 'applied' && e !== undefined) touched.risk.add(e);
    return outcome;
  }

  #upsertFinancials(rec: FinancialsRecord, touched: Touched): Outcome {
    const outcome = this.#upsertOwned(
      this.corpus.financials,
      rec,
      (a, b) => a.period_end === b.period_end && a.provenance.source === b.provenance.source,
    );
    const e = this.corpus.entities.indexOf(rec.entity_id);
    if (outcome === 'applied' && e !== undefined) touched.risk.add(e);
    return outcome;
  }

  /** Replaces the entity's record of the same key in a per-entity family, or adds it. */
  #upsertOwned<T extends { entity_id: string }>(
    family: EntityFamily<T>,
    rec: T,
    sameKey: (a: T, b: T) => boolean,
  ): Outcome {
    const e = this.corpus.entities.indexOf(rec.entity_id);
    if (e === undefined) return { skipped: `unknown entity ${rec.entity_id}` };
    for (const r of family.byEntity.of(e)) {
      const old = family.records.get(r);
      if (!sameKey(old, rec)) continue;
      if (sameRecord(old, rec)) return 'unchanged';
      family.byEntity.remove(e, r);
      break;
    }
    family.byEntity.add(e, family.records.append(rec));
    return 'applied';
  }

  #addEvent(rec: EventRecord, appliedAt: number): Outcome {
    const { entities, events, timeline } = this.corpus;
    const e = entities.indexOf(rec.entity_id);
    if (e === undefined) return { skipped: `unknown entity ${rec.entity_id}` };
    if (this.#events.has(rec.id)) return 'unchanged';
    for (const r of events.byEntity.of(e)) if (events.records.get(r).id === rec.id) return 'unchanged';
    const r = events.records.append(rec);
    events.byEntity.add(e, r);
    timeline.append(r, appliedAt, e, EVENT_KINDS.indexOf(rec.kind));
    this.#events.add(rec.id);
    return 'applied';
  }

  /** Derives roles and stored risk again where the change can have altered them; returns the entities changed. */
  #derive(t: Touched): number[] {
    const { entities } = this.corpus;
    const seeds = new Set(t.owners);
    for (const e of t.listed) for (const m of clusterOf(this.corpus, e)) seeds.add(m);
    const risk = new Set([...t.risk, ...ownedDownstream(this.corpus, seeds)]);
    const changed = new Set(t.records);
    for (const ix of new Set([...t.roles, ...risk])) {
      const record = entities.record(ix);
      const roles = t.roles.has(ix) ? rolesOf(this.corpus, ix) : record.roles;
      const level = risk.has(ix) ? storedRiskOf(this.corpus, ix) : record.risk;
      if (level === record.risk && roles.join(',') === record.roles.join(',')) continue;
      if (level !== record.risk) this.corpus.highRisk += (level === 'HIGH' ? 1 : 0) - (record.risk === 'HIGH' ? 1 : 0);
      entities.update(ix, { ...record, roles, risk: level });
      changed.add(ix);
    }
    return [...changed];
  }
}

type Outcome = 'applied' | 'unchanged' | { skipped: string };

/** The publishers a change cites. */
function sourcesOf(change: CorpusChange): Set<string> {
  const out = new Set<string>();
  for (const e of change.entities) for (const p of e.provenance) out.add(p.source);
  for (const family of [change.relationships, change.listings, change.statements, change.financials, change.events])
    for (const r of family) out.add(r.provenance.source);
  for (const k of change.removed_relationships) out.add(k.source);
  // A list's source code is its name in lower case (ofac, eu, un, uk), as the importers write it.
  for (const k of change.removed_listings) out.add(k.list.toLowerCase());
  return out;
}
