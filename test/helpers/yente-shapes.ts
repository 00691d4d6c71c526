// The shape checks of yente's own test suite (tests/conftest.py, assert_entity_shape) and its response models
// (yente/data/common.py), so that unshell's answers are held to what a yente client reads.
import assert from 'node:assert/strict';
import { schemaNamed } from '../../engine/app/ftm/ftm-model.js';

const REQUIRED_ENTITY_KEYS = [
  'id',
  'caption',
  'schema',
  'properties',
  'datasets',
  'referents',
  'target',
  'first_seen',
  'last_seen',
  'last_change',
];
/** yente pins its instants to ISO seconds without a zone. */
const ISO_SECONDS_NO_TZ = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
/** followthemoney's dataset_name_check: a name that slugifies to itself with underscores. */
const DATASET_NAME = /^[a-z0-9]+(_[a-z0-9]+)*$/;

export function assertEntityShape(data: unknown): void {
  assert.ok(data !== null && typeof data === 'object', 'an entity is an object');
  const e = data as Record<string, unknown>;
  const missing = REQUIRED_ENTITY_KEYS.filter((k) => !(k in e));
  assert.deepEqual(missing, [], `missing keys ${missing.join(', ')}`);
  assert.ok(typeof e['id'] === 'string' && e['id'] !== '');
  assert.ok(typeof e['caption'] === 'string' && e['caption'] !== '');
  assert.ok(typeof e['schema'] === 'string' && schemaNamed(e['schema']) !== undefined, `schema ${String(e['schema'])}`);
  assert.ok(e['properties'] !== null && typeof e['properties'] === 'object');
  for (const [prop, values] of Object.entries(e['properties'] as Record<string, unknown>)) {
    assert.ok(Array.isArray(values), prop);
    for (const v of values as unknown[]) {
      if (v !== null && typeof v === 'object') assertEntityShape(v);
      else assert.equal(typeof v, 'string', `${prop}: ${String(v)}`);
    }
  }
  assert.ok(Array.isArray(e['datasets']));
  for (const d of e['datasets'] as unknown[]) assert.match(String(d), DATASET_NAME);
  assert.ok(Array.isArray(e['referents']) && (e['referents'] as unknown[]).every((r) => typeof r === 'string'));
  assert.equal(typeof e['target'], 'boolean');
  for (const key of ['first_seen', 'last_seen', 'last_change']) {
    const at = e[key];
    if (at !== null) assert.ok(typeof at === 'string' && ISO_SECONDS_NO_TZ.test(at), `${key}: ${JSON.stringify(at)}`);
  }
}

/** ScoredEntityResponse: an entity plus its score, whether it is a match, and explained features. */
export function assertScoredShape(data: unknown): void {
  assertEntityShape(data);
  const e = data as Record<string, unknown>;
  assert.equal(typeof e['score'], 'number');
  assert.equal(typeof e['match'], 'boolean');
  const explanations = e['explanations'] as Record<string, { score: unknown; detail: unknown }>;
  assert.ok(Object.keys(explanations).length > 0, 'every score is explained');
  for (const [name, f] of Object.entries(explanations)) {
    assert.equal(typeof f.score, 'number', name);
    assert.ok(f.detail === null || typeof f.detail === 'string', name);
  }
  const features = e['features'] as Record<string, unknown>;
  assert.deepEqual(Object.keys(features).sort(), Object.keys(explanations).sort());
}

/** EntityMatchResponse: `responses` by query key (each EntityMatches), and the limit applied. */
export function assertMatchResponseShape(data: unknown, keys: readonly string[]): void {
  const r = data as { responses: Record<string, Record<string, unknown>>; limit: unknown };
  assert.equal(typeof r.limit, 'number');
  assert.deepEqual(Object.keys(r.responses).sort(), [...keys].sort());
  for (const m of Object.values(r.responses)) {
    assert.equal(m['status'], 200);
    const total = m['total'] as { value: unknown; relation: unknown };
    assert.equal(typeof total.value, 'number');
    assert.equal(total.relation, 'eq');
    const query = m['query'] as Record<string, unknown>;
    assert.ok(typeof query['schema'] === 'string' && typeof query['properties'] === 'object');
    for (const result of m['results'] as unknown[]) assertScoredShape(result);
  }
}
