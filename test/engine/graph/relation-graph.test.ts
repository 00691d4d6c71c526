// The relationship graph: families kept apart, rows in insertion order, growth past the expected size, sealing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RelationGraph, type EdgeAttributes } from '../../../engine/graph/relation-graph.js';

const owns: EdgeAttributes = { kind: 'ownership', role: 'psc', share: { min: 25, max: 50 }, ended: false };
const directs: EdgeAttributes = { kind: 'directorship', role: 'director', share: null, ended: false };
const sameAddress: EdgeAttributes = { kind: 'address', role: 'shares-address', share: null, ended: false };

function edges(graph: RelationGraph, entity: number, families: Array<'control' | 'role' | 'link'>): string[] {
  const seen: string[] = [];
  graph.forEachEdge(entity, families, (other, rel, attrs, direction) =>
    seen.push(`${direction} ${other} r${rel} ${attrs.kind}`),
  );
  return seen;
}

describe('RelationGraph', () => {
  for (const expected of [0, 3, 9]) {
    it(`answers the same whether it expected ${expected} edges or not`, () => {
      const graph = new RelationGraph(5, expected);
      // 0 is owned by 1 and 2, directed by 3; 1 is owned by 2; 0 and 4 share an address; a self-loop is dropped.
      assert.equal(graph.add(1, 0, owns, 0), true);
      assert.equal(graph.add(3, 0, directs, 1), true);
      assert.equal(graph.add(2, 0, owns, 2), true);
      assert.equal(graph.add(2, 1, owns, 3), true);
      assert.equal(graph.add(0, 4, sameAddress, 4), true);
      assert.equal(graph.add(4, 4, owns, 5), false);
      assert.equal(graph.add(2, 1, { ...owns, ended: true }, 6), true);
      graph.seal();
      assert.equal(graph.size, 6);
      assert.deepEqual(edges(graph, 0, ['control', 'role', 'link']), [
        'in 1 r0 ownership',
        'in 2 r2 ownership',
        'in 3 r1 directorship',
        'out 4 r4 address',
      ]);
      assert.deepEqual(edges(graph, 2, ['control']), [
        'out 0 r2 ownership',
        'out 1 r3 ownership',
        'out 1 r6 ownership',
      ]);
      assert.deepEqual(edges(graph, 0, ['role']), ['in 3 r1 directorship']);
      const owners: string[] = [];
      graph.forEachOwner(1, (owner, rel, attrs) => owners.push(`${owner} r${rel}${attrs.ended ? ' ended' : ''}`));
      assert.deepEqual(owners, ['2 r3', '2 r6 ended']);
      assert.equal(graph.degree(0), 4);
      assert.equal(graph.degree(4), 1);
      assert.equal(graph.attributes(0), graph.attributes(2), 'equal attributes are one shared object');
      assert.deepEqual(graph.attributes(0).share, { min: 25, max: 50 });
    });
  }

  it('refuses edges after sealing, and a second seal', () => {
    const graph = new RelationGraph(2, 1);
    graph.add(0, 1, owns, 0);
    graph.seal();
    assert.throws(() => graph.add(1, 0, owns, 1), /sealed/);
    assert.throws(() => graph.seal(), /sealed/);
  });

  it('grows past its first buffer when more edges come than it expected', () => {
    const n = 5000;
    const graph = new RelationGraph(n, 10);
    for (let rel = 0; rel < n - 1; rel++) graph.add(rel + 1, rel, owns, rel);
    graph.seal();
    assert.equal(graph.size, n - 1);
    const owners: number[] = [];
    graph.forEachOwner(2500, (owner) => owners.push(owner));
    assert.deepEqual(owners, [2501]);
  });
});
