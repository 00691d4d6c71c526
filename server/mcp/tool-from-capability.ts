// An MCP tool made from a capability: JSON Schemas from its zod schemas, its annotations, and results shaped like REST bodies.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Capability } from '../../engine/app/contract/capability.js';
import { jsonSchemaOf } from '../../engine/app/contract/json-schema.js';
import type { Outcome, ToolErrorBody } from './backend.js';
import { outlineSchema } from './schema-outline.js';

/**
 * The largest tool result, in characters of JSON: about 25,000 tokens at three characters a token (JSON of ids and
 * short fields tokenises densely). A paged answer is shrunk to fit; anything else larger is refused, as it would
 * flood the agent's context.
 */
export const MAX_RESULT_CHARS = 75_000;

type ObjectSchema = Tool['inputSchema'];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectSchema {
  return { ...jsonSchemaOf(schema, io), type: 'object' };
}

/** A tool's full output schema, as the resource `unshell://schema/{tool}` serves it. */
export function fullOutputSchema(capability: Capability): ObjectSchema {
  return jsonSchema(capability.output, 'output');
}

/** `schemas`: the output schema in full, or its outline (schema-outline.ts), which keeps the tool list compact. */
export function toolDefinition(
  capability: Capability & { tool: string },
  schemas: 'compact' | 'full' = 'compact',
): Tool {
  const output = fullOutputSchema(capability);
  return {
    name: capability.tool,
    title: capability.title,
    description: capability.description,
    inputSchema: jsonSchema(capability.input, 'input'),
    outputSchema: schemas === 'full' ? output : { ...outlineSchema(output), type: 'object' },
    annotations: { title: capability.title, ...capability.annotations },
  };
}

/** Capabilities with an MCP tool, in registry order. */
export function toolCapabilities(capabilities: readonly Capability[]): (Capability & { tool: string })[] {
  return capabilities.filter((c): c is Capability & { tool: string } => c.tool !== null);
}

/** A tool error carries the same body the REST API sends, as text; it has no structuredContent, which is for results. */
export function errorResult(error: ToolErrorBody): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error) }] };
}

export function toolResult(outcome: Outcome, maxChars = MAX_RESULT_CHARS): CallToolResult {
  if (!outcome.ok) return errorResult(outcome.error);
  const text = JSON.stringify(outcome.body);
  if (text.length > maxChars) {
    return errorResult({
      error: {
        code: 'payload_too_large',
        message:
          `the result is ${Math.ceil(text.length / 1000)} kB of JSON, over this tool server's limit of ${Math.floor(maxChars / 1000)} kB: ` +
          'narrow the request (a smaller limit, k or max_depth, a more specific query, or one entity at a time); ' +
          "get_entity pages through an entity's connections and trace_ownership_path gives its ownership chain alone",
      },
    });
  }
  return { content: [{ type: 'text', text }], structuredContent: outcome.body as Record<string, unknown> };
}
