// GET /api/public/graph/{id}: investigation A drawn from its UK property company up to the sanctioned owner, with the
// chain marked, and the node cap kept around a hub.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { z } from 'zod';
import { MAX_GRAPH_NODES, graph } from '../../../../engine/app/capabilities/graph.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { A } from '../../../../snapshots/demo/investigations/investigation-a-sanctions-property.js';
import { useTestContext } from '../../../helpers/snapshot.js';

const suite = useTestContext();

const call = (input: Record<string, unknown>): Promise<z.output<typeof graph.output>> =>
  Promise.resolve(graph.run(suite.ctx, parseInput(graph, input)));

describe('graph', () => {
  it('draws the ownership chain to the beneficial owner, marking sanctions and secrecy jurisdictions', async () => {
    const g = await call({ id: A.ukProperty });
    assert.equal(g.root, A.ukProperty);
    assert.equal(g.truncated, false);
    const node = (id: string) => g.nodes.find((n) => n.id === id);
    assert.equal(node(A.ukProperty)?.depth, 0);
    for (const id of [A.cyprusHolding, A.bviShell, A.beneficialOwner])
      assert.equal(node(id)?.on_ubo_path, true, `${id} is on the chain`);
    assert.equal(node(A.beneficialOwner)?.ubo, true);
    assert.equal(node(A.bviShell)?.secrecy_jurisdiction, true);
    assert.equal(node(A.ukProperty)?.secrecy_jurisdiction, false);
    // The listed records of the owner, one step further by identity, are drawn and marked.
    const listed = await call({ id: A.beneficialOwner, depth: 1 });
    assert.equal(listed.nodes.find((n) => n.id === A.ofacRecord)?.sanctioned, true);

    // Every edge joins two drawn nodes; the chain's edges are marked, with their shares.
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) assert.ok(ids.has(e.source) && ids.has(e.target), `${e.id} joins drawn nodes`);
    const chain = g.edges.filter((e) => e.on_ubo_path);
    assert.ok(chain.some((e) => e.source === A.bviShell && e.target === A.cyprusHolding && e.share !== null));
    assert.ok(chain.every((e) => ['ownership', 'control', 'parent'].includes(e.kind)));
    assert.ok(!g.edges.some((e) => e.on_ubo_path && e.source === A.nomineeDirector));
  });

  it('keeps to max_nodes, the chain first, and says it cut', async () => {
    const g = await call({ id: A.ukProperty, depth: 4, max_nodes: 4 });
    assert.equal(g.nodes.length, 4);
    assert.equal(g.truncated, true);
    assert.deepEqual(
      g.nodes.map((n) => n.id),
      [A.ukProperty, A.cyprusHolding, A.bviShell, A.beneficialOwner],
    );
    const wide = await call({ id: A.ukProperty, depth: 4, max_nodes: MAX_GRAPH_NODES });
    assert.ok(wide.nodes.length > g.nodes.length);
    assert.ok(wide.nodes.every((n) => n.depth <= 4));
  });

  it('refuses a depth or a cap out of range', () => {
    assert.throws(() => parseInput(graph, { id: A.ukProperty, depth: 5 }), /depth/);
    assert.throws(() => parseInput(graph, { id: A.ukProperty, max_nodes: MAX_GRAPH_NODES + 1 }), /max_nodes/);
  });
});
