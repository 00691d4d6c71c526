// GET /api/public/ownership-path: the ownership chain from an entity up to its ultimate owners.
import { z } from 'zod';
import { EntityHitSchema, SourceSchema } from '../../model/views.js';
import { walkOwnership } from '../../ownership/ownership-walk.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { requireEntity } from '../views/entity-views.js';
import { ChainEndSchema, HopSchema, UboSchema, chainEndViews, hopViews, uboViews } from '../views/ownership-views.js';
import { EntityId } from '../contract/params.js';
import { SourceCollector } from '../views/sources.js';
import { missing } from '../../errors/missing.js';

export const MAX_HOPS_LISTED = 500;

export const ownershipPath = defineCapability({
  tool: 'trace_ownership_path',
  title: 'Trace ownership path',
  description:
    'Trace ownership upward from an entity (the root) to its ultimate beneficial owners, over shareholdings, control and accounting-parent links. ' +
    'Each hop gives the published share band and the effective share the owner holds of the root, as an interval (bands multiply along a chain and add across routes). ' +
    'UBOs say whether the 25% and 50% thresholds are certainly, possibly or not crossed; chain_ends say why a chain stops at a company (PSC statement, GLEIF reporting exception, listed company, no data). ' +
    `Loops are reported in cycles, never followed. max_depth defaults to 6 (maximum 10); at most ${MAX_HOPS_LISTED} hops are listed and truncated says when a budget stopped the walk.`,
  method: 'GET',
  path: '/api/public/ownership-path',
  input: z.object({
    root: EntityId.describe('Entity id to start from (from search_entities)'),
    max_depth: z
      .number()
      .int()
      .min(1)
      .max(10)
      .default(6)
      .describe('How many levels up to walk (default 6, maximum 10)'),
  }),
  output: z.object({
    root: EntityHitSchema,
    max_depth: z.number().int(),
    hops: z.array(HopSchema),
    ubos: z.array(UboSchema),
    chain_ends: z.array(ChainEndSchema),
    truncated: z.boolean(),
    cycles: z.array(z.array(z.string())).describe('Ownership loops as entity ids'),
    sources: z.array(SourceSchema),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus, config }, input) {
    const root = requireEntity(corpus, input.root);
    const walk = walkOwnership(corpus, root, { maxDepth: input.max_depth });
    const sources = new SourceCollector(config.publicUrl);
    const hops = hopViews(corpus, walk, sources, MAX_HOPS_LISTED);
    return {
      root: corpus.entities.hit(root),
      max_depth: input.max_depth,
      hops,
      ubos: uboViews(corpus, walk),
      chain_ends: chainEndViews(corpus, walk, sources),
      truncated: walk.truncated || walk.hops.length > MAX_HOPS_LISTED,
      cycles: walk.cycles.map((c) => c.map((ix) => corpus.entities.ids.at(ix) ?? missing('entity id'))),
      sources: sources.list(),
    };
  },
});
