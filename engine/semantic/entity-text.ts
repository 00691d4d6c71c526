// The descriptive text of an entity's cluster, as weighted pieces: what the embedding of an entity is made of.
import type { Corpus } from '../corpus.js';
import { countryName } from '../model/countries.js';
import { sicDescription } from '../model/sic-codes.js';
import type { StoredEntity } from '../model/views.js';
import type { WeightedText } from './embedder.js';
import { programWords } from './program-words.js';

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

/** How much each kind of fact counts in an entity's vector (before SIF's per-word weights). */
export interface FieldWeights {
  type: number;
  companyName: number;
  personName: number;
  assetName: number;
  aliases: number;
  countries: number;
  position: number;
  description: number;
  facts: number;
  addresses: number;
  sic: number;
  companyType: number;
  program: number;
  remarks: number;
  owners: number;
}

/**
 * What a record says about itself (position, description, programme) counts most; names count little, since
 * their words mostly say nothing of what an entity is (and a person's name is no description at all).
 * Chosen on bench/semantic-eval.json (see bench/RESULTS.md).
 */
export const FIELD_WEIGHTS: FieldWeights = {
  type: 0.3,
  companyName: 0.4,
  personName: 0.15,
  assetName: 0.2,
  aliases: 0.2,
  countries: 0.6,
  position: 2,
  description: 2,
  facts: 0.3,
  addresses: 0.3,
  sic: 1,
  companyType: 0.2,
  program: 1.5,
  remarks: 0.3,
  owners: 0.25,
};

/** What entity texts are read from: a loaded corpus. */
export type TextCorpus = Pick<Corpus, 'entities' | 'clusters' | 'listings' | 'graph'>;

function countries(codes: readonly (string | null)[]): string {
  return codes.flatMap((c) => (c === null ? [] : [countryName(c) ?? ''])).join(' ');
}

function recordText(corpus: TextCorpus, ix: number, e: StoredEntity, w: FieldWeights, out: WeightedText[]): void {
  out.push({
    text: e.name,
    weight: e.type === 'person' ? w.personName : e.type === 'asset' ? w.assetName : w.companyName,
  });
  if (e.aliases.length > 0) out.push({ text: e.aliases.slice(0, 3).join(' '), weight: w.aliases });
  out.push({ text: countries([...new Set([e.jurisdiction, ...e.nationalities])]), weight: w.countries });
  if (e.position !== null) out.push({ text: e.position, weight: w.position });
  if (e.description !== null && e.description !== e.position) out.push({ text: e.description, weight: w.description });
  const facts = [
    ...e.topics.map((t) => TOPIC_WORDS[t] ?? t.replace(/-/g, ' ')),
    ...e.roles.map((r) => ROLE_WORDS[r] ?? r.replace(/-/g, ' ')),
  ];
  if (facts.length > 0) out.push({ text: facts.join(' '), weight: w.facts });
  if (e.addresses.length > 0) out.push({ text: e.addresses.slice(0, 3).join(' '), weight: w.addresses });
  const c = e.company;
  if (c !== null) {
    const sic = (c.sic ?? []).map((code) => c.sic_descriptions?.[code] ?? sicDescription(code) ?? '').join(' ');
    if (sic !== '') out.push({ text: sic, weight: w.sic });
    if (c.company_type !== null && c.company_type !== undefined)
      out.push({ text: c.company_type.replace(/-/g, ' '), weight: w.companyType });
  }
  for (const r of corpus.listings.byEntity.of(ix)) {
    const l = corpus.listings.records.get(r);
    out.push({ text: `${l.list} sanctions ${programWords(l.program)}`, weight: w.program });
    if (l.remarks !== null) out.push({ text: l.remarks, weight: w.remarks });
  }
}

/** Who owns or controls the entity: a holding company is described in part by whose holding it is. */
function ownersText(corpus: TextCorpus, ix: number, w: FieldWeights, out: WeightedText[]): void {
  let n = 0;
  corpus.graph.forEachOwner(ix, (owner, _rel, attrs) => {
    if (attrs.ended || n >= MAX_OWNERS) return;
    n += 1;
    out.push({
      text: `${corpus.entities.names.at(owner) ?? ''} ${countries([corpus.entities.jurisdiction(owner)])}`,
      weight: w.owners,
    });
  });
}

/** The text of the cluster whose canonical record is `canonical`: every member's facts, then its owners'. */
export function clusterText(corpus: TextCorpus, canonical: number, w: FieldWeights = FIELD_WEIGHTS): WeightedText[] {
  const out: WeightedText[] = [];
  const members = corpus.clusters.of(canonical);
  const list = members.length === 0 ? [canonical] : Array.from(members.subarray(0, MAX_MEMBERS));
  const type = corpus.entities.type(canonical);
  out.push({ text: TYPE_WORDS[type] ?? type, weight: w.type });
  for (const ix of list) recordText(corpus, ix, corpus.entities.record(ix), w, out);
  ownersText(corpus, canonical, w, out);
  return out;
}
