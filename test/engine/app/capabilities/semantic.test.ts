// Semantic search and similar entities on the demo investigations with a small background: ranking, filters, clusters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { semanticSearch } from '../../../../engine/app/capabilities/semantic-search.js';
import { similar } from '../../../../engine/app/capabilities/similar.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { A, B, C } from '../../../../snapshots/demo/investigations/all.js';
import { useTestContext } from '../../../helpers/snapshot.js';

const suite = useTestContext();

const search = (args: Record<string, unknown>) =>
  semanticSearch.run(suite.ctx, parseInput(semanticSearch, args)) as Awaited<ReturnType<typeof semanticSearch.run>>;
const peers = (args: Record<string, unknown>) =>
  similar.run(suite.ctx, parseInput(similar, args)) as Awaited<ReturnType<typeof similar.run>>;
const ids = (hits: ReadonlyArray<{ id: string }>): string[] => hits.map((h) => h.id);
const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err.code;
    throw err;
  }
  return 'no error';
};

describe('semantic search', () => {
  it('finds entities by what their records say, not by their names', () => {
    const agent = search({ q: 'company formation agent offering nominee directors and a registered office', k: 5 });
    assert.ok(ids(agent.hits).includes(B.agent), ids(agent.hits).join(', '));
    const engineering = search({ q: 'precision machining of metal components', k: 5 });
    assert.ok(ids(engineering.hits).includes(C.ukSubsidiary), ids(engineering.hits).join(', '));
  });

  it('answers one hit per resolved entity, named by its canonical record', () => {
    const r = search({ q: 'Russian businessman designated for the financial services sector', k: 50 });
    const cluster: string[] = [A.ofacRecord, A.ukRecord, A.beneficialOwner];
    const found = ids(r.hits).filter((id) => cluster.includes(id));
    assert.equal(found.length, 1, `one record of the cluster: ${found.join(', ')}`);
    assert.equal(new Set(ids(r.hits)).size, r.hits.length);
  });

  it('filters by kind (case-insensitive) and jurisdiction, and keeps k', () => {
    const companies = search({ q: 'holding company', k: 7, kind: 'Company' });
    assert.equal(companies.hits.length, 7);
    assert.ok(companies.hits.every((h) => h.type === 'company'));
    assert.deepEqual(search({ q: 'holding company', k: 7, kind: 'company' }), companies);
    const cyprus = search({ q: 'holding company', k: 5, juris: 'cy' });
    assert.ok(cyprus.hits.length > 0);
    assert.ok(cyprus.hits.every((h) => h.jurisdiction === 'CY'));
    const assets = search({ q: 'vessel', kind: 'Asset', juris: 'PA' });
    assert.ok(assets.hits.every((h) => h.type === 'asset' && h.jurisdiction === 'PA'));
  });

  it('scores in 0..1, best first, the same answer for the same question', () => {
    const a = search({ q: 'offshore shell company in the British Virgin Islands' });
    assert.equal(a.hits.length, 10);
    for (let i = 1; i < a.hits.length; i++) assert.ok((a.hits[i - 1]?.score ?? 0) >= (a.hits[i]?.score ?? 0));
    assert.ok(a.hits.every((h) => h.score >= 0 && h.score <= 1));
    assert.deepEqual(search({ q: 'offshore shell company in the British Virgin Islands' }), a);
  });

  it('carries the live coverage, complete for a snapshot embedded at build time', () => {
    const r = search({ q: 'sanctioned individual' });
    assert.equal(r.coverage.total, suite.ctx.corpus.entities.size);
    assert.equal(r.coverage.embedded, r.coverage.total);
    assert.equal(r.coverage.ratio, 1);
    assert.equal(r.coverage.scope, 'all entities');
    assert.equal(r.note, null);
  });

  it('answers no hits, with a note, for a query without a known word', () => {
    const r = search({ q: 'zzqxv qqzzx' });
    assert.deepEqual(r.hits, []);
    assert.match(r.note ?? '', /search_entities/);
  });

  it('refuses k over 50, k below 1, an unknown kind and an empty query', () => {
    assert.equal(
      codeOf(() => parseInput(semanticSearch, { q: 'x', k: 51 })),
      'invalid_parameter',
    );
    assert.equal(
      codeOf(() => parseInput(semanticSearch, { q: 'x', k: 0 })),
      'invalid_parameter',
    );
    assert.equal(
      codeOf(() => parseInput(semanticSearch, { q: 'x', kind: 'Planet' })),
      'invalid_parameter',
    );
    assert.equal(
      codeOf(() => parseInput(semanticSearch, { q: ' ' })),
      'invalid_parameter',
    );
    assert.equal(
      codeOf(() => parseInput(semanticSearch, {})),
      'missing_parameter',
    );
  });
});

describe('similar entities', () => {
  it('finds peers of any record of a cluster, leaving the cluster itself out', () => {
    const cluster: string[] = [A.ofacRecord, A.ukRecord, A.beneficialOwner];
    const byUk = peers({ id: A.ukRecord, k: 10 });
    assert.equal(byUk.id, A.ukRecord);
    assert.equal(byUk.embedded, true);
    assert.equal(byUk.hits.length, 10);
    assert.ok(ids(byUk.hits).every((id) => !cluster.includes(id)));
    assert.deepEqual(
      peers({ id: A.ofacRecord, k: 10 }).hits,
      byUk.hits,
      'every member answers with the cluster vector',
    );
  });

  it('finds the other company of the same leak as the nearest peer of the first', () => {
    const r = peers({ id: B.leakCompany1, k: 3 });
    assert.ok(ids(r.hits).includes(B.leakedCompany2), ids(r.hits).join(', '));
  });

  it('answers 404 for an unknown id and 400 for k over 50', () => {
    assert.equal(
      codeOf(() => peers({ id: 'demo:no-such-entity' })),
      'not_found',
    );
    assert.equal(
      codeOf(() => parseInput(similar, { id: A.ukRecord, k: 51 })),
      'invalid_parameter',
    );
  });
});
