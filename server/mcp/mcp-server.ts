// The MCP adapter: one tool per capability of the registry, answered by a backend (in-process corpus or remote REST API),
// with resources (entities, dossiers, output schemas) and prompts.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Capability } from '../../engine/app/contract/capability.js';
import type { Backend } from './backend.js';
import { serverInstructions } from './instructions.js';
import { McpPrompts } from './mcp-prompts.js';
import { McpResources } from './mcp-resources.js';
import { MAX_RESULT_CHARS, toolCapabilities, toolDefinition, toolResult } from './tool-from-capability.js';

export interface McpServerOptions {
  capabilities: readonly Capability[];
  backend: Backend;
  version: string;
  /** Largest result, in characters of JSON, handed to the agent (default MAX_RESULT_CHARS). */
  maxResultChars?: number;
  /** Output schemas in tools/list: their outline (the default) or in full. */
  schemas?: 'compact' | 'full';
}

/** What one server answers with, made once and shared by the servers made per HTTP request. */
export interface McpCatalogue {
  tools: readonly (Capability & { tool: string })[];
  definitions: readonly Tool[];
  instructions: string;
}

const catalogues = new WeakMap<readonly Capability[], Map<string, McpCatalogue>>();

function catalogueOf(capabilities: readonly Capability[], schemas: 'compact' | 'full'): McpCatalogue {
  const bySchemas = catalogues.get(capabilities) ?? new Map<string, McpCatalogue>();
  catalogues.set(capabilities, bySchemas);
  let catalogue = bySchemas.get(schemas);
  if (catalogue === undefined) {
    const tools = toolCapabilities(capabilities);
    catalogue = {
      tools,
      definitions: tools.map((t) => toolDefinition(t, schemas)),
      instructions: serverInstructions(capabilities),
    };
    bySchemas.set(schemas, catalogue);
  }
  return catalogue;
}

/**
 * The low-level Server rather than McpServer.registerTool: the tools' JSON Schemas and the validation of their
 * arguments must be the capability's own, so that a bad argument gets the REST API's error body, not the SDK's.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const { backend, version } = options;
  const maxChars = options.maxResultChars ?? MAX_RESULT_CHARS;
  const { tools, definitions, instructions } = catalogueOf(options.capabilities, options.schemas ?? 'compact');
  const byName = new Map(tools.map((c) => [c.tool, c]));
  const resources = new McpResources({ tools, backend, maxChars });
  const prompts = new McpPrompts(new Set(byName.keys()));
  const server = new Server(
    { name: 'unshell', title: 'unshell: corporate and offshore intelligence', version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...definitions] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const capability = byName.get(request.params.name);
    // An unknown tool is a protocol error (the MCP specification's -32602), not a tool's own failure.
    if (capability === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `tool "${request.params.name}" not found; tools/list has the ${byName.size} tools`,
      );
    const outcome = await backend.call(capability, request.params.arguments ?? {}, maxChars);
    return toolResult(outcome, maxChars);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resources.list() }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: resources.templates() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => resources.read(request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: prompts.list() }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    prompts.get(request.params.name, request.params.arguments ?? {}),
  );
  return server;
}
