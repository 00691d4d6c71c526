// Applying identity links strongest first: chains never join conflicting identifiers or records judged different.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyIdentityLinks, type IdentityLink } from '../../../snapshots/build/identity-clusters.js';
import { UnionFind } from '../../../snapshots/build/union-find.js';

const link = (a: number, b: number, origin: IdentityLink['origin'], strength: number): IdentityLink => ({
  a,
  b,
  origin,
  strength,
});

describe('applyIdentityLinks', () => {
  it('refuses the link that would chain two records with different values of one scheme into one cluster', () => {
    const keys: Record<number, string[]> = { 0: ['lei:A'], 2: ['lei:B'] };
    const clusters = new UnionFind(3);
    const { outcome, refusals } = applyIdentityLinks(
      clusters,
      [link(0, 1, 'name', 0.95), link(1, 2, 'name', 0.85)],
      (ix) => keys[ix] ?? [],
      [],
    );
    assert.deepEqual(outcome, ['joined', 'refused']);
    assert.equal(refusals[0]?.reason, 'conflicting-identifiers');
    assert.equal(clusters.find(0), clusters.find(1));
    assert.notEqual(clusters.find(1), clusters.find(2));
  });

  it('keeps the strongest links of a chain that would join a pair judged different, whatever their order', () => {
    const clusters = new UnionFind(4);
    const links = [link(2, 3, 'name', 0.81), link(0, 1, 'published', 2), link(1, 2, 'identifier', 2)];
    const { outcome, refusals } = applyIdentityLinks(clusters, links, () => [], [[0, 3]]);
    assert.deepEqual(outcome, ['refused', 'joined', 'joined']);
    assert.equal(refusals[0]?.reason, 'operator-different');
    assert.notEqual(clusters.find(0), clusters.find(3));
  });

  it('lets an operator join records whose identifiers conflict, and reports a redundant link', () => {
    const keys: Record<number, string[]> = { 0: ['un:QDi.1'], 1: ['un:QDi.2'] };
    const clusters = new UnionFind(2);
    const { outcome } = applyIdentityLinks(
      clusters,
      [link(0, 1, 'operator', 3), link(0, 1, 'name', 0.9)],
      (ix) => keys[ix] ?? [],
      [],
    );
    assert.deepEqual(outcome, ['joined', 'redundant']);
  });
});
