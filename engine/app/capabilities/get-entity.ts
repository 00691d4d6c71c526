// GET /api/public/entity/{id}: one entity record with its direct relationships.
import { z } from 'zod';
import { ConnectionSchema, FullEntitySchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { connectionsOf, fullEntity, requireEntity } from '../views/entity-views.js';
import { EntityId } from '../contract/params.js';
import { SourceCollector } from '../views/sources.js';

/** A professional director can hold thousands of appointments; one answer lists this many. */
export const MAX_CONNECTIONS = 250;

export const getEntity = defineCapability({
  tool: 'get_entity',
  title: 'Get entity',
  description:
    'One entity record (identifiers, roles, aliases, addresses, dates, sources) with its direct relationships: ' +
    'owners, holdings, officers, appointments, parents, intermediaries and links to other records of the same entity. ' +
    `Each connection says its direction ("in": the other party owns, controls or directs this entity) and cites its source. At most ${MAX_CONNECTIONS} connections are listed; connections_total gives the full count.`,
  method: 'GET',
  path: '/api/public/entity/:id',
  input: z.object({ id: EntityId }),
  output: z.object({
    entity: FullEntitySchema,
    connections: z.array(ConnectionSchema),
    connections_total: z.number().int().describe(`All direct relationships; at most ${MAX_CONNECTIONS} are listed`),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus, config }, { id }) {
    const ix = requireEntity(corpus, id);
    const sources = new SourceCollector(config.publicUrl);
    const entity = fullEntity(corpus, ix, sources);
    const { connections, total } = connectionsOf(corpus, ix, sources, MAX_CONNECTIONS);
    return { entity, connections, connections_total: total };
  },
});
