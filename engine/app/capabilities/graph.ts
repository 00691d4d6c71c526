// GET /api/public/graph/{id}: the neighbourhood of an entity as nodes and edges, for drawing and for graph exports.
import { z } from 'zod';
import { secrecyTable } from '../../offshore/secrecy-table.js';
import { walkOwnership } from '../../ownership/ownership-walk.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { EntityId } from '../contract/params.js';
import { requireEntity } from '../views/entity-views.js';
import { GraphEdgeSchema, GraphNodeSchema, neighbourhood } from '../views/graph-views.js';

/** At most this many nodes in one answer: about 400 KB of JSON, and what a browser draws smoothly. */
export const MAX_GRAPH_NODES = 2000;
export const MAX_GRAPH_DEPTH = 4;

export const graph = defineCapability({
  tool: null,
  title: 'Get the graph around an entity',
  description:
    'The neighbourhood of an entity as a graph: nodes (entities, with depth from the root, risk, sanctions, secrecy jurisdiction, ' +
    'whether a beneficial owner or on an ownership chain to one, and degree: how many connections it has in all) and edges ' +
    '(role, share, kind, ended, on the ownership chain). The ownership chains up to natural persons come first, then every ' +
    `neighbour breadth first to depth (default 2, maximum ${MAX_GRAPH_DEPTH}), control before roles and links. ` +
    `At most max_nodes (default 300, maximum ${MAX_GRAPH_NODES}) nodes: truncated says when a hub was cut; ask again from a ` +
    'node with degree above its drawn edges to expand it.',
  method: 'GET',
  path: '/api/public/graph/:id',
  input: z.object({
    id: EntityId,
    depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_GRAPH_DEPTH)
      .default(2)
      .describe(`Steps out from the entity (default 2, maximum ${MAX_GRAPH_DEPTH})`),
    max_nodes: z
      .number()
      .int()
      .min(1)
      .max(MAX_GRAPH_NODES)
      .default(300)
      .describe(`Most nodes to answer with (default 300, maximum ${MAX_GRAPH_NODES})`),
  }),
  output: z.object({
    root: z.string(),
    depth: z.number().int(),
    max_nodes: z.number().int(),
    nodes: z.array(GraphNodeSchema),
    edges: z.array(GraphEdgeSchema),
    truncated: z.boolean().describe('Neighbours were left out to keep within max_nodes'),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus, config }, input) {
    const root = requireEntity(corpus, input.id);
    const walk = walkOwnership(corpus, root, { maxDepth: 10 });
    const drawn = neighbourhood(corpus, root, walk, secrecyTable(config.secrecyTable), {
      depth: input.depth,
      maxNodes: input.max_nodes,
    });
    return {
      root: corpus.entities.ids.at(root) ?? input.id,
      depth: input.depth,
      max_nodes: input.max_nodes,
      ...drawn,
    };
  },
});
