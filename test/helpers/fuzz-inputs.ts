// Property-based inputs derived from a capability's own input schema: valid, boundary, wrong-typed and hostile values.
import fc from 'fast-check';
import type { z } from 'zod';
import type { Capability } from '../../engine/app/contract/capability.js';
import { jsonSchemaOf } from '../../engine/app/contract/json-schema.js';

/** The JSON Schema keywords the capability inputs use (jsonSchemaOf gives draft 2020-12). */
interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: PropertySchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: PropertySchema[];
}

/** Strings every parser should survive: control and bidi characters, emoji, lone surrogates, traversal, escapes. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  '💣🧨👨‍👩‍👧‍👦',
  '\uD800',
  '\uDFFF\uD800',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '/./../',
  '%',
  '%ZZ',
  '%00',
  '%E0%A4%A',
  '%%%%',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'gb-coh:',
  'lei:',
  ':',
  'a'.repeat(1_000),
  'ж'.repeat(5_000),
  'x'.repeat(100_000),
];

/** Values of every other JSON type, and numbers JSON cannot carry faithfully. */
const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, -1, 1.5, 1e308, -0, [], [1, 2], {}, { a: 1 }, '1e3'];

const asList = (t: PropertySchema['type']): string[] => (t === undefined ? [] : Array.isArray(t) ? t : [t]);

function validValue(schema: PropertySchema): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf !== undefined && schema.anyOf.length > 0) return fc.oneof(...schema.anyOf.map(validValue));
  const types = asList(schema.type);
  if (types.includes('integer') || types.includes('number')) {
    const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000 : schema.exclusiveMinimum + 1);
    const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1_000 : schema.exclusiveMaximum - 1);
    return types.includes('integer')
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true });
  }
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('array'))
    return fc.array(validValue(schema.items ?? {}), {
      minLength: schema.minItems ?? 0,
      maxLength: Math.min(schema.maxItems ?? 5, 5),
    });
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

/** Just inside and just outside each limit the schema states. */
function boundaryValues(schema: PropertySchema): unknown[] {
  const out: unknown[] = [];
  for (const n of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum])
    if (n !== undefined) out.push(n - 1, n, n + 1);
  for (const n of [schema.minLength, schema.maxLength])
    if (n !== undefined) out.push('a'.repeat(Math.max(0, n - 1)), 'a'.repeat(n), 'a'.repeat(n + 1));
  if (schema.maxItems !== undefined) out.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => `q${i}`));
  if (schema.minItems !== undefined && schema.minItems > 0) out.push([]);
  return out;
}

/** Any value a caller might send for one property: mostly plausible, often at a limit, sometimes absurd. */
export function anyValue(schema: PropertySchema): fc.Arbitrary<unknown> {
  const boundaries = boundaryValues(schema);
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    ...(boundaries.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...boundaries) }] : []),
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 3 }) },
  );
}

/** Raw input objects for a capability: each declared property present or not, plus now and then an undeclared one. */
export function inputsFor(capability: Capability): fc.Arbitrary<Record<string, unknown>> {
  return inputsOf(capability.input);
}

/** Raw input objects for the properties of an object schema, as `inputsFor` makes them for a capability. */
export function inputsOf(input: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const schema = jsonSchemaOf(input, 'input') as { properties?: Record<string, PropertySchema> };
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) model[name] = anyValue(property);
  const declared = fc.record(model, { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.constantFrom('unknown', '__proto__', 'constructor', 'q '),
    fc.constantFrom(...HOSTILE_STRINGS),
    {
      maxKeys: 1,
    },
  );
  return fc.tuple(declared, fc.option(extra, { nil: undefined })).map(([d, e]) => ({ ...e, ...d }));
}

/**
 * The seed of a run: UNSHELL_FUZZ_SEED when given (to replay a failure), a fixed one under CI, a fresh one otherwise.
 * Every failure report of fast-check carries the seed and the path to replay it.
 */
export function fuzzSeed(): number {
  const given = process.env.UNSHELL_FUZZ_SEED;
  if (given !== undefined && /^-?\d+$/.test(given)) return Number(given);
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') return 20_261_125;
  return Math.floor(Math.random() * 2 ** 31);
}
