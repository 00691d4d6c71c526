// The descriptive text of an entity's cluster, as weighted pieces: what the embedding of an entity is made of.
import type { Corpus } from '../corpus.js';
import { countryName } from '../model/countries.js';
import { sicDescription } from '../model/sic-codes.js';
import type { StoredEntity } from '../model/views.js';
import type { WeightedText } from './embedder.js';

/** A big cluster (one person on five lists plus registry records) says all it has to say in its first records. */
const MAX_MEMBERS = 12;
const MAX_OWNERS = 5;

/** Words for the machine-readable facts, so that "sanctioned", "politically exposed" or "nominee" match. */
const TOPIC_WORDS: Record<string, string> = {
  sanction: 'sanctioned designated sanctions',
  pep: 'politically exposed person politician official',
  'offshore-leaks': 'offshore leaked leak',
  'formation-agent': 'company formation agent registered office services',
  nominee: 'nominee director',
  'state-owned': 'state owned government enterprise',
};
const ROLE_WORDS: Record<string, string> = {
  sanctioned: 'sanctioned',
  pep: 'politically exposed',
  psc: 'owner controller',
  intermediary: 'intermediary agent',
  parent: 'parent holding',
};
const TYPE_WORDS: Record<string, string> = { company: 'company', person: 'person individual', asset: 'asset property' };

/** What entity texts are read from: a loaded corpus. */
export type TextCorpus = Pick<Corpus, 'entities' | 'clusters' | 'listings' | 'graph'>;

function countries(codes: readonly (string | null)[]): string {
  return codes.flatMap((c) => (c === null ? [] : [countryName(c) ?? ''])).join(' ');
}

function recordText(corpus: TextCorpus, ix: number, e: StoredEntity, out: WeightedText[]): void {
  const person = e.type === 'person';
  out.push({ text: e.name, weight: person ? 0.4 : 0.8 });
  if (e.aliases.length > 0) out.push({ text: e.aliases.slice(0, 3).join(' '), weight: 0.2 });
  out.push({ text: countries([e.jurisdiction, ...e.nationalities]), weight: 0.8 });
  if (e.position !== null) out.push({ text: e.position, weight: 1 });
  if (e.description !== null) out.push({ text: e.description, weight: 1 });
  const facts = [...e.topics.map((t) => TOPIC_WORDS[t] ?? t.replace(/-/g, ' ')), ...e.roles.map((r) => ROLE_WORDS[r] ?? r.replace(/-/g, ' '))];
  if (facts.length > 0) out.push({ text: facts.join(' '), weight: 0.7 });
  if (e.addresses.length > 0) out.push({ text: e.addresses.slice(0, 3).join(' '), weight: 0.3 });
  const c = e.company;
  if (c !== null) {
    const sic = (c.sic ?? []).map((code) => c.sic_descriptions?.[code] ?? sicDescription(code) ?? '').join(' ');
    if (sic !== '') out.push({ text: sic, weight: 1 });
    if (c.company_type !== null && c.company_type !== undefined) out.push({ text: c.company_type.replace(/-/g, ' '), weight: 0.2 });
  }
  for (const r of corpus.listings.byEntity.of(ix)) {
    const l = corpus.listings.records.get(r);
    out.push({ text: `${l.list} sanctions ${l.program.replace(/[-_]/g, ' ')}`, weight: 0.8 });
    if (l.remarks !== null) out.push({ text: l.remarks, weight: 0.6 });
  }
}

/** Who owns or controls the entity: a holding company is described in part by whose holding it is. */
function ownersText(corpus: TextCorpus, ix: number, out: WeightedText[]): void {
  let n = 0;
  corpus.graph.forEachEdge(ix, ['control'], (v) => {
    if (v.direction !== 'in' || v.attrs.ended || n >= MAX_OWNERS) return;
    n += 1;
    out.push({ text: `${corpus.entities.names[v.other] ?? ''} ${countries([corpus.entities.jurisdiction(v.other)])}`, weight: 0.25 });
  });
}

/** The text of the cluster whose canonical record is `canonical`: every member's facts, then its owners'. */
export function clusterText(corpus: TextCorpus, canonical: number): WeightedText[] {
  const out: WeightedText[] = [];
  const members = corpus.clusters.of(canonical);
  const list = members.length === 0 ? [canonical] : Array.from(members.subarray(0, MAX_MEMBERS));
  const type = corpus.entities.type(canonical);
  out.push({ text: TYPE_WORDS[type] ?? type, weight: 0.3 });
  for (const ix of list) recordText(corpus, ix, corpus.entities.record(ix), out);
  ownersText(corpus, canonical, out);
  return out;
}
