// The outline of an output schema: top-level fields kept with their types, nested objects opened.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { dossier } from '../../../engine/app/capabilities/dossier.js';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { investigationsOnly, useTestContext } from '../../helpers/snapshot.js';
import { outlineSchema } from '../../../server/mcp/schema-outline.js';
import { fullOutputSchema } from '../../../server/mcp/tool-from-capability.js';

const SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'the id' },
    owner: {
      type: 'object',
      description: 'who owns it',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    },
    hops: { type: 'array', items: { type: 'object', properties: { depth: { type: 'integer' } } } },
    report: { anyOf: [{ type: 'object', properties: { tier: { type: 'string' } } }, { type: 'null' }] },
  },
  required: ['id', 'owner', 'hops', 'report'],
  additionalProperties: false,
};

describe('outlineSchema', () => {
  it('keeps the top level and opens every object below it, in properties, items and anyOf alike', () => {
    assert.deepEqual(outlineSchema(SCHEMA), {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'the id' },
        owner: { type: 'object', description: 'who owns it' },
        hops: { type: 'array', items: { type: 'object' } },
        report: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      },
      required: ['id', 'owner', 'hops', 'report'],
      additionalProperties: false,
    });
  });

  it('keeps more levels when asked', () => {
    const two = outlineSchema(SCHEMA, 1) as { properties: { owner: unknown } };
    assert.deepEqual(two.properties.owner, SCHEMA.properties.owner);
  });

  describe('on a real answer', () => {
    const test = useTestContext(investigationsOnly());
    it('accepts what the full schema accepts, and still refuses a wrong or missing top-level field', async () => {
      const full = fullOutputSchema(dossier);
      const ajv = new Ajv2020({ strict: false });
      const outline = ajv.compile(outlineSchema(full));
      const answer = (await dossier.run(test.ctx, dossier.input.parse({ id: A.ukProperty }))) as Record<
        string,
        unknown
      >;
      assert.equal(ajv.validate(full, answer), true, 'the full schema accepts the answer');
      assert.equal(outline(answer), true, JSON.stringify(outline.errors));
      assert.equal(outline({ ...answer, entity: 1 }), false, 'a number where an object belongs');
      const { entity: _dropped, ...withoutEntity } = answer;
      assert.equal(outline(withoutEntity), false, 'required fields are still required');
    });
  });
});
