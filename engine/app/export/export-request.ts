// `GET /api/public/export/{id}`: an entity's neighbourhood as FollowTheMoney entities, BODS statements, GEXF or GraphML.
import { write as writeGexf } from 'graphology-gexf';
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';
import { requireEntity } from '../views/entity-views.js';
import { bodsStatements } from './bods-export.js';
import { EXPORT_DEPTH, neighbourhoodScope } from './export-scope.js';
import { ftmEntities } from './ftm-export.js';
import { writeGraphml } from './graphml-writer.js';
import { networkGraph } from './network-graph.js';

export const EXPORT_PATH = '/api/public/export/:id';
export const EXPORT_FORMATS = ['ftm', 'bods', 'gexf', 'graphml'] as const;

export const ExportParamsSchema = z.object({
  id: z.string().min(1).max(300),
  format: z
    .enum(EXPORT_FORMATS)
    .default('ftm')
    .describe('ftm: FollowTheMoney JSON lines; bods: BODS 0.4 statements; gexf (Gephi) or graphml: the network'),
  depth: z.coerce
    .number()
    .int()
    .min(1)
    .max(EXPORT_DEPTH.max)
    .default(EXPORT_DEPTH.default)
    .describe('Links followed from the entity'),
});
export type ExportParams = z.infer<typeof ExportParamsSchema>;

/** JSON lines or a JSON array written item by item, or a document written whole (the network formats). */
export type ExportDocument =
  | {
      mediaType: string;
      /** The lines or the array's items, written one by one. */
      items: Iterable<unknown>;
      layout: 'lines' | 'array';
      truncated: boolean;
    }
  | { mediaType: string; text: string; layout: 'text'; truncated: boolean };

export function exportNeighbourhood(corpus: Corpus, params: ExportParams, today: string): ExportDocument {
  const root = requireEntity(corpus, params.id);
  const scope = neighbourhoodScope(corpus, root, params.depth);
  if (params.format === 'gexf' || params.format === 'graphml') {
    const graph = networkGraph(corpus, scope.records);
    return params.format === 'gexf'
      ? { mediaType: 'application/gexf+xml', text: writeGexf(graph), layout: 'text', truncated: scope.truncated }
      : { mediaType: 'application/graphml+xml', text: writeGraphml(graph), layout: 'text', truncated: scope.truncated };
  }
  const ids = new Set(scope.records.map((ix) => corpus.entities.ids.at(ix) ?? ''));
  if (params.format === 'ftm')
    return {
      mediaType: 'application/x-ndjson; charset=utf-8',
      items: ftmEntities(corpus, scope.records, ids),
      layout: 'lines',
      truncated: scope.truncated,
    };
  const subject = corpus.entities.ids.at(clusterMembers(corpus, root)[0] ?? root) ?? params.id;
  return {
    mediaType: 'application/json; charset=utf-8',
    items: bodsStatements(corpus, scope.records, { subject, publicationDate: today, within: ids }),
    layout: 'array',
    truncated: scope.truncated,
  };
}
