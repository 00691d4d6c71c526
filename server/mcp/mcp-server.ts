// The MCP adapter: one tool per capability of the registry, answered by a backend (in-process corpus or remote REST API).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Capability } from '../../engine/app/contract/capability.js';
import type { Backend } from './backend.js';
import { serverInstructions } from './instructions.js';
import { MAX_RESULT_CHARS, toolCapabilities, toolDefinition, toolResult } from './tool-from-capability.js';

export interface McpServerOptions {
  capabilities: readonly Capability[];
  backend: Backend;
  version: string;
  /** Largest result, in characters of JSON, handed to the agent (default MAX_RESULT_CHARS). */
  maxResultChars?: number;
}

/**
 * The low-level Server rather than McpServer.registerTool: the tools' JSON Schemas and the validation of their
 * arguments must be the capability's own, so that a bad argument gets the REST API's error body, not the SDK's.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const { backend, version } = options;
  const tools = toolCapabilities(options.capabilities);
  const byName = new Map(tools.map((c) => [c.tool, c]));
  const definitions = tools.map(toolDefinition);
  const server = new Server(
    { name: 'unshell', title: 'unshell: corporate and offshore intelligence', version },
    { capabilities: { tools: {} }, instructions: serverInstructions(options.capabilities) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const capability = byName.get(request.params.name);
    // An unknown tool is a protocol error (the MCP specification's -32602), not a tool's own failure.
    if (capability === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `tool "${request.params.name}" not found; tools/list has the ${byName.size} tools`,
      );
    const outcome = await backend.call(capability, request.params.arguments ?? {});
    return toolResult(outcome, options.maxResultChars ?? MAX_RESULT_CHARS);
  });
  return server;
}
