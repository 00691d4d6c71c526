// The BODS 0.4 JSON Schema from ../shared/spec (draft 2020-12), its files loaded into one validator by their `$id`s.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sharedSpec } from './shared-data.js';

export const BODS_DIR = ['bods-0.4'];
const BASE = 'https://bods.schema.invalid/';

/** Validates an array of statements against `statement.json`. */
export function bodsValidator(): ValidateFunction {
  const dir = sharedSpec(...BODS_DIR);
  if (dir === null) throw new Error('the BODS schema is absent');
  // The schema annotates fields with `codelist`, `openCodelist` and `propertyOrder`, which are not keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // The files name each other by URNs without a namespace (`urn:components`), which Ajv's URI library refuses to
  // resolve: they are read under an equivalent base that it can.
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'codelist-schema.json'))
    ajv.addSchema(JSON.parse(readFileSync(path.join(dir, file), 'utf8').replaceAll('"urn:', `"${BASE}`)) as object);
  const validate = ajv.getSchema(`${BASE}statement`);
  if (validate === undefined) throw new Error('statement.json has no $id urn:statement');
  return validate;
}
