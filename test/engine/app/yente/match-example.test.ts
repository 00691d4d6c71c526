// A yente query by example: checked against the FollowTheMoney model and cleaned as yente cleans it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseExample } from '../../../../engine/app/yente/match-example.js';
import { exampleSubject, identifierKey } from '../../../../engine/app/yente/example-subject.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';

const refusal = (param: string) => (err: unknown) => err instanceof ServiceError && err.param === param;

describe('parseExample', () => {
  it('cleans countries given as names or codes, dates given with a time, and repeated values', () => {
    const parsed = parseExample('q', {
      schema: 'Person',
      properties: {
        name: ['  Ivan   Petrov ', 'Ivan Petrov'],
        nationality: ['Russia', 'UA'],
        birthDate: '1961-04-12T00:00:00',
        idNumber: 123456,
      },
    });
    assert.deepEqual(parsed.properties, {
      name: ['Ivan Petrov'],
      nationality: ['ru', 'ua'],
      birthDate: ['1961-04-12'],
      idNumber: ['123456'],
    });
  });

  it('refuses a schema that cannot be matched, naming the query', () => {
    assert.throws(() => parseExample('q7', { schema: 'Thing', properties: {} }), refusal('queries.q7.schema'));
    assert.throws(() => parseExample('q7', { schema: 'Banana', properties: {} }), refusal('queries.q7.schema'));
  });

  it('refuses a property the schema does not have, with the closest one it has', () => {
    assert.throws(
      () => parseExample('q', { schema: 'Company', properties: { registrationnumber: ['1'] } }),
      (err: unknown) => err instanceof ServiceError && /did you mean "registrationNumber"/.test(err.message),
    );
    // birthDate is a Person's, not a Company's.
    assert.throws(
      () => parseExample('q', { schema: 'Company', properties: { birthDate: ['1961'] } }),
      refusal('queries.q.properties.birthDate'),
    );
  });

  it('refuses a value its type cannot hold, naming its position', () => {
    assert.throws(
      () => parseExample('q', { schema: 'Person', properties: { country: ['ru', 'Atlantis'] } }),
      (err: unknown) => err instanceof ServiceError && /country\[1\]: "Atlantis"/.test(err.message),
    );
  });
});

describe('exampleSubject', () => {
  it('reads names, the person kind, countries upper-cased and identifiers under their schemes', () => {
    const subject = exampleSubject(
      parseExample('q', {
        schema: 'Person',
        properties: { firstName: ['Ivan'], lastName: ['Petrov'], nationality: ['ru'], innCode: ['7707 083893'] },
      }),
    );
    assert.equal(subject.kind, 'person');
    assert.deepEqual(subject.names, ['Ivan Petrov']);
    assert.deepEqual(subject.countries, ['RU']);
    assert.deepEqual(subject.identifiers, ['inn:7707083893']);
  });

  it('reads a vessel and its IMO number without the prefix', () => {
    const subject = exampleSubject(
      parseExample('q', { schema: 'Vessel', properties: { name: ['Petrel 8'], imoNumber: ['IMO 9562233'] } }),
    );
    assert.equal(subject.kind, 'vessel');
    assert.deepEqual(subject.identifiers, ['imo:9562233']);
  });

  it('keys identifiers by their letters and digits', () => {
    assert.equal(identifierKey(' gb-0123 45 '), 'GB012345');
  });
});
