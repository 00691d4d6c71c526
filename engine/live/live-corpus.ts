// Applies changes to a loaded corpus while it serves: every store, index and derived fact a change touches follows.
import type { Corpus } from '../corpus.js';
import { missing } from '../errors/missing.js';
import { normaliseEntityIdentifiers } from '../identifiers/entity-identifiers.js';
import { isIndexedScheme } from '../identifiers/index.js';
import { EDGE_KINDS, type EntityRecord, type RelationshipRecord } from '../model/records.js';
import { rolesFromBits, topicBits } from '../model/roles.js';
import { EDGE_FAMILY } from '../graph/relation-graph.js';
import { relationshipKeyOf, type CorpusChange, type RelationshipKey } from './corpus-change.js';
import { clusterSanctioned, hasSanctionedOwner, ownedDownstream, rolesOf, storedRiskOf } from './entity-facts.js';
import { clusterMembers } from '../sanctions/cluster-listings.js';
import { matchDetail, normalisedFrom } from '../resolution/link-score.js';
import { identifierLinks, nameLink, type Link } from './entity-linking.js';
import type { Outcome, Touched } from './change-effects.js';
import { EntityRecords } from './entity-records.js';
import { CandidateDetails } from './candidate-details.js';
import { sameRecord } from './same-record.js';
import { storedEntity } from './stored-entity.js';
import type { StoredEntity } from '../model/views.js';
import { EntityBits } from '../store/entity-bits.js';
import { HashedKeys } from '../store/hashed-keys.js';

/** What one change did: records that changed something, records equal to what was there, records skipped and why. */
export interface ApplyResult {
  applied: number;
  unchanged: number;
  skipped: Array<{ record: string; reason: string }>;
  /** Entities whose record changed (their own fields or what is derived from their neighbourhood). */
  touched: number[];
}

const keyString = (k: RelationshipKey): string => `${k.source}\t${k.record_id}\t${k.kind}\t${k.target}`;

/**
 * The corpus stays the object every capability reads; this holds the bookkeeping that upserts need (which live
 * record holds which key). A change is applied in one synchronous call, so a request sees it whole or not at all.
 */
export class LiveCorpus {
  readonly corpus: Corpus;
  /**
   * The current record of each relationship key a change looked for: the relationship index, or, for one a change
   * removed, -1 - the index it had (known and gone: the snapshot's record of the key is not found again).
   */
  readonly #relationships = new HashedKeys((held) =>
    keyString(relationshipKeyOf(this.corpus.relationships.get(held < 0 ? -1 - held : held))),
  );
  readonly #records: EntityRecords;
  /** Candidates' details for linking new records by name, kept while their records stay as they are. */
  readonly #candidates: CandidateDetails;
  /** What staged changes left to derive. */
  #pending: Touched = emptyTouched();
  /** The records staged since the last settle, as stored: settle reads them instead of decoding them again. */
  #staged = new Map<number, StoredEntity>();
  /**
   * Per target, the kinds whose snapshot relationships are in `#relationships`: read at the first change that looks
   * for one, to find the one an upsert updates. Only edges of the key's kind are decoded, since the graph holds each
   * edge's kind: a company's first PSC change reads its owners, not every officer and filing agent that names it.
   */
  readonly #snapshotKindsRead = new EntityBits();

  constructor(corpus: Corpus) {
    this.corpus = corpus;
    this.#records = new EntityRecords(corpus);
    this.#candidates = new CandidateDetails(corpus);
  }

  /**
   * Applies `change` as of `appliedAt` (epoch ms: the pulse feed's instant for its events); `publishedAt`, when
   * known, is when its publisher published it (for the lag each source shows in stats).
   */
  apply(change: CorpusChange, appliedAt: number, publishedAt: number | null = null): ApplyResult {
    const result = this.stage(change, appliedAt, publishedAt);
    result.touched = this.settle();
    return result;
  }

  /**
   * Applies the records of `change` and leaves what they alter of derived facts (roles, stored risk) to `settle`:
   * a group of changes derives each touched entity once. Until then, only derived facts may be stale; everything
   * `stage` itself reads (listings, links, the stored risk of sanctioned parties) is current.
   */
  stage(change: CorpusChange, appliedAt: number, publishedAt: number | null = null): ApplyResult {
    const result: ApplyResult = { applied: 0, unchanged: 0, skipped: [], touched: [] };
    const touched = this.#pending;
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
    for (const l of change.listings) count(this.#records.upsertListing(l, touched), `listing ${l.reference}`);
    for (const s of change.statements)
      count(this.#records.upsertStatement(s, touched), `statement ${s.provenance.record_id}`);
    for (const f of change.financials)
      count(this.#records.upsertFinancials(f, touched), `financials ${f.provenance.record_id}`);
    for (const e of change.events) count(this.#records.addEvent(e, appliedAt), `event ${e.id}`);
    for (const k of change.removed_relationships)
      count(this.#removeRelationship(k, touched), `relationship ${k.record_id}`);
    for (const k of change.removed_listings) count(this.#records.removeListing(k, touched), `listing ${k.reference}`);
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
      if (old.type !== rec.type)
        return { skipped: `${rec.id} is a ${old.type}; a change cannot make it a ${rec.type}` };
      // A sanctioned party is HIGH at once: the rules that read sanctions status rely on it (entity-facts.ts).
      const sanctioned = rec.topics.includes('sanction');
      const next = storedEntity(rec, {
        identifiers: idents,
        roles: old.roles,
        risk: sanctioned ? 'HIGH' : old.risk,
        cluster_id: old.cluster_id,
        source: old.source,
        shared_address: old.shared_address,
      });
      if (sameRecord(old, next)) return 'unchanged';
      if (next.risk !== old.risk) this.corpus.highRisk += 1;
      entities.update(at, next);
      this.#staged.set(at, next);
      this.#candidates.forget(at);
      if (old.name !== rec.name || old.aliases.join('\n') !== rec.aliases.join('\n'))
        names.setNames(at, [rec.name, ...rec.aliases]);
      for (const i of idents) if (isIndexedScheme(i.scheme)) identifiers.add(i.scheme, i.value, at, i.scheme === ns);
      touched.records.add(at);
      touched.roles.add(at);
      touched.risk.add(at);
      if (old.topics.includes('sanction') !== rec.topics.includes('sanction')) touched.listed.add(at);
      return 'applied';
    }
    // The same real entity already held: by a shared identifier, else by name and the build's features.
    const byIdentifier = identifierLinks(this.corpus, idents);
    // The record's names normalised once, for the name link and the name index alike.
    const detail = byIdentifier.length === 0 ? matchDetail(rec) : null;
    const byName = detail === null ? null : nameLink(this.corpus, rec, (e) => this.#candidates.of(e), detail);
    const links = byName === null ? byIdentifier : [byName];
    const first = links[0];
    const canonical = first === undefined ? undefined : entities.cluster(first.entity);
    const stored = storedEntity(rec, {
      identifiers: idents,
      roles: rolesFromBits(topicBits(rec.topics)),
      risk: rec.topics.includes('sanction') ? 'HIGH' : 'LOW',
      cluster_id: canonical === undefined ? rec.id : (entities.ids.at(canonical) ?? rec.id),
      source: rec.provenance[0]?.source ?? 'unknown',
      shared_address: null,
    });
    const ix = entities.append(stored, canonical);
    this.#staged.set(ix, stored);
    clusters.add(canonical ?? ix, ix);
    this.corpus.semantic.entityAdded(ix, stored);
    if (entities.risk(ix) === 'HIGH') this.corpus.highRisk += 1;
    for (const i of idents) if (isIndexedScheme(i.scheme)) identifiers.add(i.scheme, i.value, ix, i.scheme === ns);
    names.setNames(ix, [rec.name, ...rec.aliases], detail === null ? undefined : normalisedFrom(detail));
    for (const link of links) this.#link(ix, link, rec, touched);
    touched.risk.add(ix);
    if (rec.topics.includes('sanction')) touched.listed.add(ix);
    return 'applied';
  }

  /**
   * An identity relationship from a new record to a record of the same real entity, cited to the new record, as the
   * build writes one: its natures say how they were linked, and a name match carries its score.
   */
  #link(ix: number, link: Link, rec: EntityRecord, touched: Touched): void {
    const provenance = rec.provenance[0];
    if (provenance === undefined) return;
    this.#upsertRelationship(
      {
        record: 'relationship',
        source: rec.id,
        target: this.corpus.entities.ids.at(link.entity) ?? missing('linked entity id'),
        kind: 'identity',
        role: 'same-as',
        share: null,
        natures: link.natures,
        ...(link.score === undefined ? {} : { confidence: link.score }),
        linked_by: link.by,
        start_date: null,
        end_date: null,
        provenance,
      },
      touched,
    );
    // Joining a cluster changes the sanctions status of its records only when the new record brings a listing or
    // the cluster is sanctioned already; otherwise nothing below the cluster is derived again.
    if (clusterSanctioned(this.corpus, ix)) touched.listed.add(ix);
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
      if (oldSource !== undefined) {
        touched.roles.add(oldSource);
        if (EDGE_FAMILY[old.kind] === 'control') this.#ownershipChanged(oldSource, t, touched);
      }
    }
    const rel = relationships.append(rec);
    graph.addLive(s, t, { kind: rec.kind, role: rec.role, share: rec.share, ended: rec.end_date !== null }, rel);
    this.#relationships.set(keyString(key), rel);
    touched.roles.add(s);
    if (EDGE_FAMILY[rec.kind] === 'control') this.#ownershipChanged(s, t, touched);
    if (rec.kind === 'identity') touched.listed.add(t);
    return 'applied';
  }

  /**
   * An ownership or control link from `owner` to `owned` came or went. It changes sanctions reach below `owned` only
   * when sanctions reach `owner` (it is sanctioned, or a sanctioned party holds any share of it): most links, from
   * people and companies no list touches, change no stored risk, and nothing below them is derived again.
   */
  #ownershipChanged(owner: number, owned: number, touched: Touched): void {
    if (clusterSanctioned(this.corpus, owner) || hasSanctionedOwner(this.corpus, owner)) touched.owners.add(owned);
  }

  #removeRelationship(key: RelationshipKey, touched: Touched): Outcome {
    const { entities, graph, relationships } = this.corpus;
    const t = entities.indexOf(key.target);
    if (t === undefined) return { skipped: `unknown entity ${key.target}` };
    const existing = this.#findRelationship(key, t);
    if (existing === undefined) return 'unchanged';
    graph.removeLive(existing);
    // Known and gone: the snapshot's record of this key is not found again.
    this.#relationships.set(keyString(key), -1 - existing);
    const source = entities.indexOf(relationships.get(existing).source);
    if (source !== undefined) {
      touched.roles.add(source);
      if (EDGE_FAMILY[key.kind] === 'control') this.#ownershipChanged(source, t, touched);
    }
    return 'applied';
  }

  /** The current relationship with this key: one added live, else one of the target's loaded edges (unless replaced). */
  #findRelationship(key: RelationshipKey, target: number): number | undefined {
    const kind = EDGE_KINDS.indexOf(key.kind);
    if (!this.#snapshotKindsRead.has(target, kind)) {
      this.#snapshotKindsRead.add(target, kind);
      const { graph, relationships } = this.corpus;
      graph.forEachEdge(target, [EDGE_FAMILY[key.kind]], (_other, rel, attrs, direction) => {
        if (direction !== 'in' || attrs.kind !== key.kind || rel >= relationships.loaded) return;
        const k = keyString(relationshipKeyOf(relationships.get(rel)));
        // A key a change already set (added or removed live) keeps what the change made of it.
        if (!this.#relationships.has(k)) this.#relationships.set(k, rel);
      });
    }
    const held = this.#relationships.get(keyString(key));
    return held === undefined || held < 0 ? undefined : held;
  }

  /** Derives what the staged changes altered; returns the entities whose record changed since the last settle. */
  settle(): number[] {
    const t = this.#pending;
    this.#pending = emptyTouched();
    const staged = this.#staged;
    this.#staged = new Map();
    return this.#derive(t, staged);
  }

  /**
   * Derives roles and stored risk again where the change can have altered them; returns the entities changed.
   * `staged` holds the records stored since the last settle, read as they are rather than decoded again.
   */
  #derive(t: Touched, staged: ReadonlyMap<number, StoredEntity>): number[] {
    const { entities } = this.corpus;
    const seeds = new Set(t.owners);
    for (const e of t.listed) for (const m of clusterMembers(this.corpus, e)) seeds.add(m);
    const risk = new Set([...t.risk, ...ownedDownstream(this.corpus, seeds)]);
    const changed = new Set(t.records);
    for (const ix of new Set([...t.roles, ...risk])) {
      const record = staged.get(ix) ?? entities.record(ix);
      const roles = t.roles.has(ix) ? rolesOf(this.corpus, ix, record) : record.roles;
      const level = risk.has(ix) ? storedRiskOf(this.corpus, ix, record) : record.risk;
      if (level === record.risk && sameStrings(roles, record.roles)) continue;
      if (level !== record.risk) this.corpus.highRisk += (level === 'HIGH' ? 1 : 0) - (record.risk === 'HIGH' ? 1 : 0);
      entities.setDerived(ix, roles, level);
      changed.add(ix);
    }
    return [...changed];
  }
}

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

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function emptyTouched(): Touched {
  return { roles: new Set(), risk: new Set(), owners: new Set(), listed: new Set(), records: new Set() };
}
