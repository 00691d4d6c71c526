// The sealed relationship graph taking live changes: edges added and removed after the seal, seen by every read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RelationGraph, type EdgeAttributes } from '../../../engine/graph/relation-graph.js';

const owns: EdgeAttributes = { kind: 'ownership', role: 'psc', share: { min: 75, max: 100 }, ended: false };
const directs: EdgeAttributes = { kind: 'directorship', role: 'director', share: null, ended: false };

function edges(graph: RelationGraph, entity: number): string[] {
  const seen: string[] = [];
  graph.forEachEdge(entity, ['control', 'role', 'link'], (other, rel, attrs, direction) =>
    seen.push(`${direction} ${other} r${rel} ${attrs.kind}`),
  );
  return seen;
}

function owners(graph: RelationGraph, entity: number): string[] {
  const seen: string[] = [];
  graph.forEachOwner(entity, (owner, rel, attrs) => seen.push(`${owner} r${rel} ${attrs.share?.min ?? ''}`));
  return seen;
}

/** 0 is owned by 1 (r0) and directed by 2 (r1); 5 entities, the last two without edges. */
function sealed(): RelationGraph {
  const graph = new RelationGraph(5);
  graph.add(1, 0, owns, 0);
  graph.add(2, 0, directs, 1);
  graph.seal();
  return graph;
}

describe('RelationGraph live changes', () => {
  it('shows an edge added after the seal to both ends, after the base edges, in every read', () => {
    const graph = sealed();
    assert.equal(graph.addLive(3, 0, { ...owns, share: { min: 25, max: 50 } }, 2), true);
    assert.deepEqual(edges(graph, 0), ['in 1 r0 ownership', 'in 3 r2 ownership', 'in 2 r1 directorship']);
    assert.deepEqual(edges(graph, 3), ['out 0 r2 ownership']);
    assert.deepEqual(owners(graph, 0), ['1 r0 75', '3 r2 25']);
    assert.equal(graph.degree(0), 3);
    assert.equal(graph.size, 3);
  });

  it('hides a removed base edge and a removed live one from every read', () => {
    const graph = sealed();
    graph.addLive(4, 0, owns, 2);
    assert.equal(graph.removeLive(0), true);
    assert.equal(graph.removeLive(0), false, 'removing twice changes nothing');
    assert.deepEqual(owners(graph, 0), ['4 r2 75']);
    assert.deepEqual(edges(graph, 1), [], 'the other end no longer sees it either');
    graph.removeLive(2);
    assert.deepEqual(edges(graph, 0), ['in 2 r1 directorship']);
    assert.equal(graph.degree(4), 0);
    assert.equal(graph.size, 1);
  });

  it('changes a relationship as a removal and an addition under a new index, keeping both attribute sets', () => {
    const graph = sealed();
    graph.removeLive(0);
    graph.addLive(1, 0, { ...owns, ended: true }, 2);
    assert.deepEqual(owners(graph, 0), ['1 r2 75']);
    assert.equal(graph.attributes(2).ended, true);
    assert.equal(graph.attributes(0).ended, false, 'the old record keeps its attributes');
  });

  it('gives entities added after the snapshot (indexes past the base) their edges', () => {
    const graph = sealed();
    graph.addLive(7, 6, owns, 2);
    assert.deepEqual(owners(graph, 6), ['7 r2 75']);
    assert.deepEqual(edges(graph, 7), ['out 6 r2 ownership']);
  });

  it('keeps the live edges of each entity apart by family and direction, in the order added, past a page of nodes', () => {
    const graph = sealed();
    const expected = new Map<number, string[]>();
    const note = (entity: number, line: string): void => {
      expected.set(entity, [...(expected.get(entity) ?? []), line]);
    };
    // Ownership and directorship edges among 200 new entities, numbered past the base, in an order that mixes them.
    for (let rel = 2; rel < 40_002; rel++) {
      const source = 5 + ((rel * 7) % 200);
      const target = 5 + ((rel * 13) % 197);
      const attrs = rel % 3 === 0 ? directs : owns;
      if (!graph.addLive(source, target, attrs, rel)) continue;
      note(source, `out ${target} r${rel} ${attrs.kind}`);
      note(target, `in ${source} r${rel} ${attrs.kind}`);
    }
    for (const [entity, lines] of expected) {
      // A read lists the control family, then the roles, each in-edges first: within each, the order of addition.
      const byFamily = ['ownership', 'directorship'].flatMap((kind) =>
        ['in', 'out'].flatMap((direction) =>
          lines.filter((l) => l.startsWith(`${direction} `) && l.endsWith(` ${kind}`)),
        ),
      );
      assert.deepEqual(edges(graph, entity), byFamily, `entity ${entity}`);
    }
    assert.deepEqual(edges(graph, 0), ['in 1 r0 ownership', 'in 2 r1 directorship'], 'a base entity no change touched');
  });

  it('refuses a relationship index that is not new, and any change before the seal', () => {
    const graph = sealed();
    assert.throws(() => graph.addLive(3, 0, owns, 1), /relationship 1 is not new/);
    const open = new RelationGraph(3);
    assert.throws(() => open.addLive(1, 0, owns, 0), /read before seal/);
  });
});
