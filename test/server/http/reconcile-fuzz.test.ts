// The reconciliation routes under generated input: never a 5xx, every error in the contract's shape.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { RECONCILE_OPERATIONS } from '../../../engine/app/reconcile/reconcile-operations.js';
import { HOSTILE_STRINGS, fuzzSeed } from '../../helpers/fuzz-inputs.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const seed = fuzzSeed();

const hostile = fc.constantFrom(...HOSTILE_STRINGS.filter((h) => h.length < 4_000));
const value = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean(), fc.constant(null), hostile);
const query = fc.record(
  {
    query: fc.oneof(fc.string({ maxLength: 40 }), hostile, fc.integer()),
    type: fc.oneof(fc.constantFrom('Company', 'Person', 'Vessel', 'LegalEntity', 'Planet', ''), fc.array(fc.string())),
    limit: fc.oneof(fc.integer({ min: -2, max: 200 }), fc.string()),
    properties: fc.array(
      fc.record(
        { pid: fc.constantFrom('jurisdiction', 'birthDate', 'leiCode', 'nope', ''), v: value },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: [] },
);
const form = fc.oneof(
  fc.record({
    queries: fc.dictionary(fc.string({ maxLength: 5 }), query, { maxKeys: 3 }).map((q) => JSON.stringify(q)),
  }),
  fc.record({
    extend: fc
      .record(
        {
          ids: fc.array(fc.oneof(fc.constantFrom('gb-coh:99000001', 'ofac:9900001'), fc.string()), { maxLength: 4 }),
          properties: fc.array(fc.record({ id: fc.constantFrom('risk', 'ubo_names', 'nope', '') }), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      )
      .map((e) => JSON.stringify(e)),
  }),
  fc.record({ queries: hostile }),
  fc.record({ extend: hostile }),
);

describe(`reconciliation routes under generated input (seed ${seed})`, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(investigationsOnly());
  });
  after(() => server.stop());

  const check = async (r: Response, label: string): Promise<void> => {
    const raw = await r.text();
    assert.ok(r.status < 500, `${label} answered ${r.status}: ${raw.slice(0, 300)}`);
    if (r.status >= 400)
      assert.equal(typeof (JSON.parse(raw) as { error: { message: unknown } }).error.message, 'string', label);
  };

  it('POST batches and extensions', async () => {
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const r = await fetch(`${server.base}/api/public/reconcile`, {
          method: 'POST',
          body: new URLSearchParams(fields),
        });
        await check(r, JSON.stringify(fields).slice(0, 300));
      }),
      { seed, numRuns: 150, endOnFailure: true },
    );
  });

  it('GET routes with any parameters', async () => {
    const gets = RECONCILE_OPERATIONS.filter((o) => o.method === 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gets),
        fc.dictionary(
          fc.constantFrom('prefix', 'limit', 'type', 'id', 'callback', 'queries', 'extend'),
          fc.oneof(fc.string({ maxLength: 20 }), hostile),
          {
            maxKeys: 3,
          },
        ),
        async (op, params) => {
          const qs = new URLSearchParams(
            Object.entries(params).map(([k, v]): [string, string] => [k, v.replace(/[\uD800-\uDFFF]/g, '\uFFFD')]),
          );
          const r = await fetch(`${server.base}${op.path}?${qs.toString()}`);
          await check(r, `${op.path}?${qs.toString().slice(0, 200)}`);
        },
      ),
      { seed, numRuns: 150, endOnFailure: true },
    );
  });
});
