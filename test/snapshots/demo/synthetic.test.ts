// The synthetic background corpus: deterministic, schema-valid, referentially sound, and shaped like a register.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isIdentifierScheme,
  isValidCnpj,
  isValidLei,
  luhnValid,
  normaliseIdentifier,
} from '../../../engine/identifiers/index.js';
import { NormalisedRecordSchema, type NormalisedRecordInput } from '../../../engine/model/records.js';
import { MAX_SYNTHETIC_ENTITIES, generateSynthetic } from '../../../snapshots/demo/synthetic/generate.js';
import { entityCounts, registryNumber } from '../../../snapshots/demo/synthetic/world.js';

type Entity = Extract<NormalisedRecordInput, { record: 'entity' }>;

const OFFSHORE = new Set(['VG', 'KY', 'BS', 'SC', 'PA', 'BZ', 'MH', 'CY', 'JE', 'GG', 'IM', 'LI', 'AE']);

let demoSized: NormalisedRecordInput[] | undefined;
/** The demo-sized corpus (30,000 entities), generated once and shared by the tests that need its scale. */
function demoCorpus(): NormalisedRecordInput[] {
  demoSized ??= [...generateSynthetic({ entities: 30_000 })];
  return demoSized;
}

const entities = (records: readonly NormalisedRecordInput[]): Entity[] =>
  records.filter((r): r is Entity => r.record === 'entity');

/** Corporate owner ids of each company: ownership edges between two companies, owner → owned. */
function corporateOwners(records: readonly NormalisedRecordInput[]): Map<string, string[]> {
  const companies = new Set(
    entities(records)
      .filter((e) => e.type === 'company')
      .map((e) => e.id),
  );
  const owners = new Map<string, string[]>();
  for (const r of records) {
    if (r.record !== 'relationship' || r.kind !== 'ownership') continue;
    if (!companies.has(r.source) || !companies.has(r.target)) continue;
    owners.set(r.target, [...(owners.get(r.target) ?? []), r.source]);
  }
  return owners;
}

describe('generateSynthetic', () => {
  it('yields the same sequence for the same options, and another for another seed', () => {
    const a = [...generateSynthetic({ entities: 3_000 })];
    const b = [...generateSynthetic({ entities: 3_000, seed: 1 })];
    const c = [...generateSynthetic({ entities: 3_000, seed: 2 })];
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
  });

  it('yields records that all parse with the normalised record schema', () => {
    for (const record of demoCorpus()) {
      const parsed = NormalisedRecordSchema.safeParse(record);
      assert.ok(parsed.success, `${JSON.stringify(record)}: ${parsed.success ? '' : parsed.error.message}`);
    }
  });

  it('gives every entity a unique id and yields it before any record that refers to it', () => {
    const seen = new Set<string>();
    const eventIds = new Set<string>();
    const refersTo = (id: string, record: NormalisedRecordInput): void =>
      assert.ok(seen.has(id), `${record.record} refers to ${id} before its entity record`);
    for (const r of demoCorpus()) {
      switch (r.record) {
        case 'entity':
          assert.ok(!seen.has(r.id), `duplicate entity id ${r.id}`);
          seen.add(r.id);
          break;
        case 'relationship':
          refersTo(r.source, r);
          refersTo(r.target, r);
          assert.notEqual(r.source, r.target);
          break;
        case 'event':
          assert.ok(!eventIds.has(r.id), `duplicate event id ${r.id}`);
          eventIds.add(r.id);
          refersTo(r.entity_id, r);
          break;
        case 'listing':
        case 'financials':
        case 'statement':
          refersTo(r.entity_id, r);
          break;
      }
    }
    assert.equal(seen.size, 30_000);
  });

  it('mixes entity types and jurisdictions roughly like the register it imitates', () => {
    const all = entities(demoCorpus());
    const share = (pred: (e: Entity) => boolean, of: readonly Entity[]): number => of.filter(pred).length / of.length;
    const companies = all.filter((e) => e.type === 'company');
    assert.ok(Math.abs(share((e) => e.type === 'company', all) - 0.62) < 0.02);
    assert.ok(Math.abs(share((e) => e.type === 'person', all) - 0.37) < 0.02);
    assert.ok(Math.abs(share((e) => e.type === 'asset', all) - 0.01) < 0.005);
    assert.ok(Math.abs(share((e) => e.jurisdiction === 'GB', companies) - 0.7) < 0.04);
    assert.ok(Math.abs(share((e) => OFFSHORE.has(e.jurisdiction ?? ''), companies) - 0.08) < 0.03);
    const persons = all.filter((e) => e.type === 'person');
    assert.ok(persons.every((p) => /^\d{4}-\d{2}$/.test(p.birth_date ?? '') && (p.nationalities ?? []).length === 1));
  });

  it('builds long chains, cycles, offshore hops and a few very large groups', () => {
    const records = demoCorpus();
    const owners = corporateOwners(records);
    const jurisdiction = new Map(entities(records).map((e) => [e.id, e.jurisdiction]));
    let deepest = 0;
    let cycles = 0;
    let offshoreHops = 0;
    for (const start of owners.keys()) {
      const path = [start];
      for (let next = owners.get(start)?.[0]; next !== undefined; next = owners.get(next)?.[0]) {
        if (next === start) cycles += 1;
        if (path.includes(next)) break;
        path.push(next);
      }
      deepest = Math.max(deepest, path.length - 1);
      if (path.slice(1, -1).some((id) => OFFSHORE.has(jurisdiction.get(id) ?? ''))) offshoreHops += 1;
    }
    assert.ok(deepest >= 6, `deepest corporate chain is ${deepest}`);
    assert.ok(cycles >= 3, `${cycles} companies sit on an ownership cycle`);
    assert.ok(offshoreHops > 50, `${offshoreHops} chains pass through an offshore company`);

    const holdings = new Map<string, number>();
    const appointments = new Map<string, number>();
    for (const r of records) {
      if (r.record !== 'relationship') continue;
      if (r.kind === 'ownership') holdings.set(r.source, (holdings.get(r.source) ?? 0) + 1);
      if (r.kind === 'directorship') appointments.set(r.source, (appointments.get(r.source) ?? 0) + 1);
    }
    assert.ok(Math.max(...holdings.values()) >= 100, 'some owner holds hundreds of companies');
    assert.ok(Math.max(...appointments.values()) >= 100, 'some professional director has hundreds of appointments');
  });

  it('includes sanctioned, politically exposed and leaked entities with their listings', () => {
    const records = demoCorpus();
    const all = entities(records);
    const withTopic = (topic: string, type: Entity['type']): Entity[] =>
      all.filter((e) => e.type === type && (e.topics ?? []).includes(topic));
    const sanctioned = [...withTopic('sanction', 'person'), ...withTopic('sanction', 'company')];
    assert.ok(withTopic('sanction', 'person').length > 10);
    assert.ok(withTopic('sanction', 'company').length > 3);
    assert.ok(withTopic('pep', 'person').every((p) => (p.position ?? '') !== ''));
    assert.ok(withTopic('pep', 'person').length > 20);
    assert.ok(withTopic('offshore-leaks', 'company').length > 50);
    const listed = new Set(records.flatMap((r) => (r.record === 'listing' ? [r.entity_id] : [])));
    assert.deepEqual(new Set(sanctioned.map((e) => e.id)), listed);
    const references = new Set(records.flatMap((r) => (r.record === 'listing' ? [r.reference] : [])));
    const listIdentifiers = sanctioned.flatMap((e) =>
      (e.identifiers ?? []).filter((i) => ['ofac', 'eu', 'uk', 'un'].includes(i.scheme)),
    );
    assert.deepEqual(new Set(listIdentifiers.map((i) => i.value)), references);
    assert.equal(references.size, listIdentifiers.length, 'list references are unique');
  });

  it('only issues identifiers with valid check digits, already in normalised form', () => {
    const counts = new Map<string, number>();
    for (const e of entities(demoCorpus())) {
      for (const { scheme, value } of e.identifiers ?? []) {
        counts.set(scheme, (counts.get(scheme) ?? 0) + 1);
        if (scheme === 'lei') assert.ok(isValidLei(value), `LEI ${value}`);
        if (scheme === 'siren') assert.ok(luhnValid(value), `SIREN ${value}`);
        if (scheme === 'br-cnpj') assert.ok(isValidCnpj(value), `CNPJ ${value}`);
        assert.ok(isIdentifierScheme(scheme), `unknown scheme ${scheme}`);
        assert.deepEqual(normaliseIdentifier(scheme, value), { ok: true, value }, `${scheme} ${value}`);
      }
    }
    for (const scheme of ['gb-coh', 'lei', 'siren', 'br-cnpj', 'krs', 'uen', 'sec', 'ofac', 'eu', 'uk']) {
      assert.ok((counts.get(scheme) ?? 0) > 0, `no ${scheme} identifiers`);
    }
  });

  it('handles tiny corpora and refuses impossible sizes', () => {
    for (const size of [0, 1, 2, 7, 50]) {
      const records = [...generateSynthetic({ entities: size })];
      assert.equal(entities(records).length, size);
      for (const r of records) assert.ok(NormalisedRecordSchema.safeParse(r).success);
    }
    assert.throws(() => generateSynthetic({ entities: -1 }).next(), RangeError);
    assert.throws(() => generateSynthetic({ entities: 1.5 }).next(), RangeError);
    assert.throws(() => generateSynthetic({ entities: MAX_SYNTHETIC_ENTITIES + 1 }).next(), RangeError);
  });

  it('numbers every company of the largest corpus apart, in eight digits outside the demo and stream ranges', () => {
    const { companies } = entityCounts(MAX_SYNTHETIC_ENTITIES);
    const seen = new Set<number>();
    for (const c of [0, 1, 8_999_999, 9_000_000, 9_000_001, companies - 1]) {
      const n = registryNumber(c);
      assert.equal(String(n).length, 8, `company ${c}: ${n}`);
      assert.ok(n < 99_000_000 && (n >= 90_000_000 || n < 80_000_000), `company ${c}: ${n}`);
      seen.add(n);
    }
    assert.equal(seen.size, 6);
    // Within each range numbers follow the index, so two companies never share one.
    assert.equal(registryNumber(9_000_001) - registryNumber(9_000_000), 1);
    assert.ok(registryNumber(companies - 1) < 80_000_000);
  });
});
