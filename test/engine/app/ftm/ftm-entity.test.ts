// Records as FollowTheMoney entities: schemata, properties the model gives them, topics it knows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ftmEntityOf, ftmTopics } from '../../../../engine/app/ftm/ftm-entity.js';
import { relationshipEntity, sanctionEntity } from '../../../../engine/app/ftm/ftm-links.js';
import { FTM_MODEL } from '../../../../engine/app/ftm/ftm-model.js';
import { EntityRecordSchema, ListingRecordSchema, RelationshipRecordSchema } from '../../../../engine/model/records.js';

const provenance = { source: 'gb-coh', record_id: 'r1', url: 'https://example.org/r1', retrieved_at: '2026-01-02' };

/** Every property of the entity is one its schema has: what FollowTheMoney's own reader would accept. */
function assertValid(entity: { schema: string; properties: Record<string, string[]> }): void {
  const schema = FTM_MODEL.getSchema(entity.schema);
  for (const name of Object.keys(entity.properties))
    assert.ok(schema.getProperties().has(name), `${entity.schema}.${name}`);
}

describe('ftmEntityOf', () => {
  it('writes a company with its register number, jurisdiction in lower case and former names', () => {
    const record = EntityRecordSchema.parse({
      record: 'entity',
      id: 'gb-coh:01234567',
      type: 'company',
      name: 'KESTREL LIMITED',
      jurisdiction: 'GB',
      identifiers: [
        { scheme: 'gb-coh', value: '01234567' },
        { scheme: 'lei', value: '529900T8BM49AURSDO55' },
      ],
      incorporation_date: '2001-02-03',
      company: { former_names: [{ name: 'OLD KESTREL LIMITED', from: null, to: null }] },
      topics: ['state-owned', 'nominee'],
      provenance: [provenance],
    });
    const e = ftmEntityOf(record, false);
    assert.equal(e.schema, 'Company');
    assert.deepEqual(e.properties['registrationNumber'], ['01234567']);
    assert.deepEqual(e.properties['leiCode'], ['529900T8BM49AURSDO55']);
    assert.deepEqual(e.properties['jurisdiction'], ['gb']);
    assert.deepEqual(e.properties['previousName'], ['OLD KESTREL LIMITED']);
    assert.deepEqual(e.properties['topics'], ['gov.soe']);
    assertValid(e);
  });

  it('writes a person with birth date and nationalities, and a vessel with its IMO number and flag', () => {
    const person = ftmEntityOf(
      EntityRecordSchema.parse({
        record: 'entity',
        id: 'ofac:1',
        type: 'person',
        name: 'Ivan Petrov',
        birth_date: '1961',
        nationalities: ['RU'],
        provenance: [provenance],
      }),
      true,
    );
    assert.equal(person.schema, 'Person');
    assert.deepEqual(person.properties['nationality'], ['ru']);
    assert.deepEqual(person.properties['topics'], ['sanction']);
    assertValid(person);
    const vessel = ftmEntityOf(
      EntityRecordSchema.parse({
        record: 'entity',
        id: 'uk:DPR0075',
        type: 'asset',
        name: 'Petrel 8',
        jurisdiction: 'KM',
        identifiers: [{ scheme: 'imo', value: '9562233' }],
        provenance: [provenance],
      }),
      true,
    );
    assert.equal(vessel.schema, 'Vessel');
    assert.deepEqual(vessel.properties['imoNumber'], ['9562233']);
    assert.deepEqual(vessel.properties['flag'], ['km']);
    assertValid(vessel);
  });

  it('keeps only topics FollowTheMoney knows', () => {
    assert.deepEqual(ftmTopics(['pep', 'offshore-leaks', 'formation-agent', 'crime-fin'], false), [
      'corp.offshore',
      'crime.fin',
      'role.pep',
    ]);
  });
});

describe('links', () => {
  it('writes an ownership with its share band, and a listing as a Sanction', () => {
    const own = relationshipEntity(
      RelationshipRecordSchema.parse({
        record: 'relationship',
        source: 'gb-psc:1',
        target: 'gb-coh:01234567',
        kind: 'ownership',
        role: 'psc',
        share: { min: 25, max: 50 },
        provenance,
      }),
    );
    assert.equal(own?.schema, 'Ownership');
    assert.deepEqual(own?.properties['owner'], ['gb-psc:1']);
    assert.deepEqual(own?.properties['asset'], ['gb-coh:01234567']);
    assert.deepEqual(own?.properties['percentage'], ['25-50']);
    if (own !== null && own !== undefined) assertValid(own);
    const sanction = sanctionEntity(
      'ofac:1',
      ListingRecordSchema.parse({
        record: 'listing',
        entity_id: 'ofac:1',
        list: 'OFAC',
        program: 'RUSSIA-EO14024',
        listed_on: '2022-04-06',
        reference: '1',
        provenance,
      }),
    );
    assert.equal(sanction.schema, 'Sanction');
    assert.deepEqual(sanction.properties['entity'], ['ofac:1']);
    assert.deepEqual(sanction.properties['authority'], ['Office of Foreign Assets Control']);
    assertValid(sanction);
  });

  it('leaves identity and address links out: they are merges and shared places, not links', () => {
    const identity = RelationshipRecordSchema.parse({
      record: 'relationship',
      source: 'a:1',
      target: 'b:1',
      kind: 'identity',
      role: 'same-as',
      provenance,
    });
    assert.equal(relationshipEntity(identity), null);
  });
});
