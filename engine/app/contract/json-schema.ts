// A zod schema as JSON Schema, the one way the OpenAPI document and the MCP tool list both publish it.
import { z } from 'zod';

/**
 * Draft 2020-12 keywords without `$schema`: clients compile tool and API schemas with validators that may not know
 * that meta-schema, and every keyword used here is plain. `io` picks the input side (defaults optional) or the output.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema, ...keywords } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return keywords;
}
