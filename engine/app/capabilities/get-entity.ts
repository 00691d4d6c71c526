// GET /api/public/entity/{id}: one entity record with its direct relationships, a page at a time.
import { z } from 'zod';
import { ConnectionSchema, FullEntitySchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { EntityId, limit } from '../contract/params.js';
import { decodeCursor } from '../views/connection-cursor.js';
import { connectionPage, fullEntity, requireEntity } from '../views/entity-views.js';
import { SourceCollector } from '../views/sources.js';

/** A professional director can hold thousands of appointments: they come a page at a time. */
export const CONNECTIONS_PAGE = { default: 250, max: 1000 } as const;

export const getEntity = defineCapability({
  tool: 'get_entity',
  title: 'Get entity',
  description:
    'One entity record (identifiers, roles, aliases, addresses, dates, sources) with its direct relationships: ' +
    'owners, holdings, officers, appointments, parents, intermediaries and links to other records of the same entity. ' +
    'Each connection says its direction ("in": the other party owns, controls or directs this entity) and cites its source. ' +
    `Connections come a page at a time (limit, default ${CONNECTIONS_PAGE.default}, at most ${CONNECTIONS_PAGE.max}), those where others hold a role in the entity first, in an order that is stable across pages: ` +
    'pass next_cursor back as cursor for the next page; it is null on the last. connections_total gives the full count.',
  method: 'GET',
  path: '/api/public/entity/:id',
  input: z.object({
    id: EntityId,
    limit: limit(CONNECTIONS_PAGE.default, CONNECTIONS_PAGE.max).describe(
      `Connections per page (default ${CONNECTIONS_PAGE.default}, maximum ${CONNECTIONS_PAGE.max})`,
    ),
    cursor: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('The next_cursor of the page before; absent for the first page'),
  }),
  output: z.object({
    entity: FullEntitySchema,
    connections: z.array(ConnectionSchema),
    connections_total: z.number().int().describe('All direct relationships of the entity, on every page'),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
  }),
  cost: 1,
  paged: true,
  annotations: READ_ONLY,
  run({ corpus, config }, input) {
    const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
    const ix = requireEntity(corpus, input.id);
    const sources = new SourceCollector(config.publicUrl);
    const entity = fullEntity(corpus, ix, sources);
    const page = connectionPage(corpus, ix, sources, input.limit, after);
    return { entity, connections: page.connections, connections_total: page.total, next_cursor: page.next };
  },
});
