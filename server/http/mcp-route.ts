// /api/public/mcp: the MCP tool server over Streamable HTTP, in this server, with the REST API's keys, limits and credits.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App, Request, Response } from '@tinyhttp/app';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Capability, Context } from '../../engine/app/contract/capability.js';
import type { Config } from '../../engine/app/config.js';
import type { Corpus } from '../../engine/corpus.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { failure, type Backend, type Outcome } from '../mcp/backend.js';
import { callCapability } from '../mcp/capability-call.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import type { AccessLayer } from './access-middleware.js';
import { sendError } from './responses.js';
import type { RouteTable } from './route-table.js';

export const MCP_PATH = '/api/public/mcp';

/** The largest JSON-RPC message the endpoint reads, as for every other request body (CONTRACT.md §2). */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface McpRouteOptions {
  config: Config;
  capabilities: readonly Capability[];
  version: string;
  gate: AccessLayer;
  corpus: () => Corpus | null;
  /** The context a capability runs in for this request, as the REST routes build it. */
  contextFor: (req: IncomingMessage, corpus: Corpus) => Context;
  log: (line: string) => void;
}

/**
 * The MCP specification requires the Origin of every request to be checked, so that a web page cannot reach a
 * server on the visitor's own machine or network by rebinding its DNS name. Programs send no Origin and are answered.
 */
function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin === undefined || allowed.includes('*') || allowed.includes(origin);
}

/**
 * Each tool call is charged what its REST call is, and metered before its answer leaves, errors included; the
 * request's X-Credits-Cost is the sum of its calls.
 */
function requestBackend(req: IncomingMessage, res: ServerResponse, options: McpRouteOptions): Backend {
  const { gate, log } = options;
  let spent = 0;
  return {
    description: 'this server, over HTTP',
    async call(capability, args, maxChars): Promise<Outcome> {
      let cost = 0;
      let outcome: Outcome;
      try {
        cost = gate.charge(req, capability.cost);
        const corpus = options.corpus();
        if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
        outcome = { ok: true, body: await callCapability(capability, args, options.contextFor(req, corpus), maxChars) };
      } catch (err) {
        outcome = failure(err, log);
      }
      try {
        await gate.meter(req, cost);
      } catch (err) {
        return failure(err, log);
      }
      spent += cost;
      if (!res.headersSent) res.setHeader('X-Credits-Cost', String(spent));
      return outcome;
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Stateless: every POST gets its own server and transport, so that every replica can answer every request and nothing is
 * held between them. GET (a stream the server would push on) and DELETE (ending a session) are not served: 405, as
 * the Streamable HTTP transport allows.
 */
export function mcpRoute(app: App, routes: RouteTable, options: McpRouteOptions): void {
  const { config, log } = options;
  routes.add('POST', MCP_PATH);
  app.post(MCP_PATH, async (req: Request, res: Response) => {
    if (!originAllowed(req, config.mcp.allowedOrigins)) {
      const message = `origin "${req.headers.origin ?? ''}" may not use this MCP endpoint; the operator allows ${config.mcp.allowedOrigins.join(', ')} (UNSHELL_MCP_ORIGINS)`;
      return sendError(res, new ServiceError('origin_not_allowed', message, 'Origin'), 0, log);
    }
    res.setHeader('X-Credits-Cost', '0');
    const server = createMcpServer({
      capabilities: options.capabilities,
      backend: requestBackend(req, res, options),
      version: options.version,
      schemas: config.mcp.fullSchemas ? 'full' : 'compact',
    });
    // Without a session id generator the transport is stateless; JSON answers rather than a stream, since every tool
    // answers once and sends nothing before its result.
    const transport = new StreamableHTTPServerTransport({
      enableJsonResponse: true,
      maxRequestBodySize: MAX_MESSAGE_BYTES,
    });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (err) {
      if (!res.headersSent) sendError(res, err, 0, log);
      else res.destroy();
    }
  });
}
