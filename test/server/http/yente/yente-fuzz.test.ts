// The yente routes under generated input: never a 5xx, every error in yente's shape with the API's status.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { FTM_MODEL } from '../../../../engine/app/ftm/ftm-model.js';
import { YENTE_OPERATIONS, YENTE_PREFIX } from '../../../../engine/app/yente/yente-operations.js';
import { ERROR_STATUS } from '../../../../engine/errors/service-error.js';
import { HOSTILE_STRINGS, fuzzSeed, inputsOf } from '../../../helpers/fuzz-inputs.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../../helpers/snapshot.js';

const RUNS_PER_ROUTE = 150;
const seed = fuzzSeed();
const STATUSES = new Set<number>(Object.values(ERROR_STATUS));

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** Queries by example as a careless or hostile client writes them: real and made-up schemata and properties. */
const example = fc.record(
  {
    id: fc.option(fc.constantFrom('x', ...HOSTILE_STRINGS), { nil: undefined }),
    schema: fc.constantFrom(...Object.keys(FTM_MODEL.schemata), 'Nope', '', ...HOSTILE_STRINGS.slice(0, 5)),
    properties: fc.dictionary(
      fc.constantFrom(
        'name',
        'alias',
        'birthDate',
        'nationality',
        'country',
        'jurisdiction',
        'registrationNumber',
        'leiCode',
        'imoNumber',
        'address',
        'nope',
        '__proto__',
      ),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom(...HOSTILE_STRINGS),
        fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constantFrom(null, true, {})), {
          maxLength: 4,
        }),
        fc.constantFrom(null, 7, {}, [], 'Russia', 'ru', '1965', '1965-13-45', 'IMO 9562233'),
      ),
      { maxKeys: 4 },
    ),
  },
  { requiredKeys: [] },
);
const matchBody = fc.oneof(
  fc.record({
    queries: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(example, fc.constant(null)), { maxKeys: 4 }),
  }),
  fc.constantFrom({}, [], null, 'queries', { queries: [] }, { queries: { q: 'x' } }, { queries: {}, config: { a: 1 } }),
);

function assertYenteAnswer(status: number, raw: string, label: string): void {
  assert.ok(status < 500, `${label} answered ${status}: ${raw.slice(0, 300)}`);
  if (status < 400) return;
  assert.ok(STATUSES.has(status), `${label}: status ${status}`);
  const body = JSON.parse(raw) as { detail?: unknown };
  assert.equal(typeof body.detail, 'string', `${label}: ${raw.slice(0, 200)}`);
}

describe(`yente routes under generated input (seed ${seed})`, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(investigationsOnly());
  });
  after(() => server.stop());

  for (const op of YENTE_OPERATIONS) {
    it(`${op.method} ${YENTE_PREFIX}${op.path}`, async () => {
      const params: fc.Arbitrary<Record<string, unknown>> = op.params === null ? fc.constant({}) : inputsOf(op.params);
      const body = op.method === 'POST' ? matchBody : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(params, body, async (input, payload) => {
          const rest = { ...input };
          const path = op.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
            const value = text(rest[name] ?? 'default');
            delete rest[name];
            return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
          });
          const query = new URLSearchParams();
          for (const [k, v] of Object.entries(rest))
            for (const item of Array.isArray(v) ? v : [v])
              query.append(k, text(item).replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
          const url = `${server.base}${YENTE_PREFIX}${path}?${query.toString()}`;
          const r = await fetch(url, {
            method: op.method,
            ...(op.method === 'POST'
              ? { body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
              : {}),
          });
          assertYenteAnswer(
            r.status,
            await r.text(),
            `${op.method} ${url.slice(0, 200)} ${text(payload).slice(0, 200)}`,
          );
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    });
  }
});
