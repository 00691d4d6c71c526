// The Reconciliation Service API 0.2 JSON Schemas from ../shared/spec, compiled with Ajv: answers are checked against
// the protocol's own definition, not a reading of it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sharedSpec } from './shared-data.js';

export const RECONCILIATION_DIR = ['reconciliation-api-0.2'];

export type SchemaName =
  | 'manifest'
  | 'reconciliation-query-batch'
  | 'reconciliation-result-batch'
  | 'suggest-entities-response'
  | 'suggest-types-response'
  | 'suggest-properties-response'
  | 'data-extension-query'
  | 'data-extension-response'
  | 'data-extension-property-proposal';

/** One validator per schema file; the files refer to each other (and to the Swagger 2.0 schema) by their `$id`s. */
export function reconciliationValidators(): (name: SchemaName) => ValidateFunction {
  const dir = sharedSpec(...RECONCILIATION_DIR);
  if (dir === null) throw new Error('the reconciliation schemas are absent');
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  const byFile = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    // Their `$schema` names a draft by a URI Ajv does not know; the keywords they use are draft-07's.
    const { $schema: _ignored, ...schema } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      unknown
    >;
    ajv.addSchema(schema, file);
    byFile.set(file.replace(/\.json$/, ''), file);
  }
  return (name) => {
    const validate = ajv.getSchema(byFile.get(name) ?? name);
    if (validate === undefined) throw new Error(`no schema ${name}`);
    return validate;
  };
}
