// The outline of a tool's output schema: its top-level fields with their types and descriptions, objects below left open.

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describesObject(schema: Schema): boolean {
  const { type } = schema;
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** An object schema reduced to what a field list says about it: its type and description, its content left open. */
function opened(schema: Schema): Schema {
  return {
    type: schema.type,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  };
}

function outlineAt(value: unknown, depth: number, keep: number): unknown {
  if (Array.isArray(value)) return value.map((v) => outlineAt(v, depth, keep));
  if (!isSchema(value)) return value;
  if (describesObject(value) && depth > keep) return opened(value);
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'properties' && isSchema(child)) {
      out[key] = Object.fromEntries(Object.entries(child).map(([name, p]) => [name, outlineAt(p, depth + 1, keep)]));
    } else {
      out[key] = outlineAt(child, depth, keep);
    }
  }
  return out;
}

/**
 * An agent picks a tool by what it takes and what kind of answer it gives; the nested shapes of every answer, sent
 * with the tool list before the first call, cost it some 17,000 tokens of context (a dossier's schema alone is 24 kB).
 * The outline keeps the fields of the top level (`keep` levels of objects below it), so that a client still checks a
 * result's shape and an agent still sees what each answer holds; the full schema is a resource (mcp-resources.ts).
 */
export function outlineSchema(schema: Schema, keep = 0): Schema {
  const outlined = outlineAt(schema, 0, keep);
  return isSchema(outlined) ? outlined : schema;
}
