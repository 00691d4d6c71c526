// Screening files as people send them: CSV with a bad line here and there, JSON lines with the odd broken line.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { parseColumnMapping, resolveColumns } from '../../../../engine/app/screening/screening-columns.js';
import { readRows, type InputFormat, type InputRow } from '../../../../engine/app/screening/screening-input.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';

async function rowsOf(text: string, format: InputFormat): Promise<InputRow[]> {
  const out: InputRow[] = [];
  for await (const r of readRows(Readable.from([Buffer.from(text)]), format)) out.push(r);
  return out;
}

describe('readRows', () => {
  it('reads CSV rows with their line numbers, past a byte-order mark and a row with too many fields', async () => {
    const rows = await rowsOf('\uFEFFFull Name,Birth\r\nIvan Petrov,1961\r\nA,B,C\r\n"Multi\nline",1970\r\n', 'csv');
    assert.deepEqual(rows[0], { line: 2, values: { 'Full Name': 'Ivan Petrov', Birth: '1961' } });
    assert.ok('problem' in rows[1]! && rows[1].line === 3, JSON.stringify(rows[1]));
    assert.deepEqual(rows[2], { line: 5, values: { 'Full Name': 'Multi\nline', Birth: '1970' } });
  });

  it('names where a quote that never closes swallowed the rest of the file, keeping the rows before it', async () => {
    const rows = await rowsOf('name,dob\nIvan Petrov,1961\n"Unclosed,1980\nLast Row,1990\n', 'csv');
    assert.deepEqual(rows[0], { line: 2, values: { name: 'Ivan Petrov', dob: '1961' } });
    const broken = rows[1];
    assert.ok(broken !== undefined && 'problem' in broken);
    assert.equal(broken.line, 3);
    assert.match(broken.problem, /never closed.*from line 3/);
  });

  it('reads JSON lines, reporting each line that is not an object of strings', async () => {
    const rows = await rowsOf(
      '{"name":"Ivan","aliases":["I. P."],"n":5}\nnot json\n[1]\n\n{"name":{"x":1}}\n',
      'jsonl',
    );
    assert.deepEqual(rows[0], { line: 1, values: { name: 'Ivan', aliases: ['I. P.'], n: '5' } });
    assert.ok('problem' in rows[1]! && rows[1].line === 2);
    assert.ok('problem' in rows[2]! && rows[2].line === 3);
    assert.deepEqual(rows[3], {
      line: 5,
      problem: '"name" must be a string, a number or a list of strings',
      field: 'name',
    });
  });
});

describe('columns', () => {
  it('maps fields to headers, and finds the usual headers without a mapping', () => {
    const mapping = parseColumnMapping('name=Full Name, dob=Birth');
    assert.deepEqual(resolveColumns(['Ref', 'Full Name', 'Birth', 'Country of residence', 'LEI'], mapping), {
      id: 'Ref',
      name: 'Full Name',
      dob: 'Birth',
      lei: 'LEI',
    });
    assert.deepEqual(resolveColumns(['name', 'date_of_birth', 'Nationality'], {}), {
      name: 'name',
      dob: 'date_of_birth',
      nationality: 'Nationality',
    });
  });

  it('refuses a mapping to a column the file lacks, a file with no name column, and a malformed mapping', () => {
    const refused = (fn: () => unknown, pattern: RegExp): void =>
      assert.throws(fn, (err: unknown) => err instanceof ServiceError && pattern.test(err.message));
    refused(() => resolveColumns(['Name'], parseColumnMapping('dob=Birth')), /dob is mapped to the column "Birth"/);
    refused(() => resolveColumns(['Company', 'Birth'], {}), /no column holds the name/);
    refused(() => parseColumnMapping('name'), /not FIELD=Header/);
    refused(() => parseColumnMapping('colour=Red'), /not FIELD=Header/);
  });
});
