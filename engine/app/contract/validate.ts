// Validates an operation's raw parameters against its schema, turning the first problem into a ServiceError.
import type { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import type { Capability } from './capability.js';

const show = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Missing required parameters are `missing_parameter`; everything else wrong is `invalid_parameter`. */
export function toParameterError(error: z.ZodError, raw: unknown): ServiceError {
  const issue = error.issues[0];
  if (issue === undefined) return new ServiceError('invalid_parameter', 'invalid parameters');
  const param = issue.path.map(String).join('.') || '(body)';
  const value = valueAt(raw, issue.path);
  if (value === undefined && issue.path.length > 0) {
    return new ServiceError('missing_parameter', `${param} is required`, param);
  }
  let message = issue.message;
  if (issue.code === 'too_big' && typeof issue.maximum !== 'undefined')
    message = `must be at most ${String(issue.maximum)}`;
  else if (issue.code === 'too_small' && typeof issue.minimum !== 'undefined')
    message =
      issue.origin === 'string' && Number(issue.minimum) <= 1
        ? 'must not be empty'
        : `must be at least ${String(issue.minimum)}`;
  else if (issue.code === 'invalid_value') message = `must be one of ${issue.values.map(String).join(', ')}`;
  else if (issue.code === 'invalid_type')
    message = `must be ${issue.expected === 'number' ? 'a number' : `of type ${issue.expected}`}`;
  return new ServiceError('invalid_parameter', `${param} ${message} (got ${show(value)})`, param);
}

export function parseInput<C extends Capability>(capability: C, raw: unknown): z.output<C['input']> {
  const parsed = capability.input.safeParse(raw);
  if (!parsed.success) throw toParameterError(parsed.error, raw);
  return parsed.data as z.output<C['input']>;
}
