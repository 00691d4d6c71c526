// A capability: one operation of the public interface, defined once for the REST and MCP adapters.
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Corpus } from '../../corpus.js';
import type { Entitlements, Payments } from '../billing/payments.js';
import type { Caller } from '../caller.js';
import type { RegistryAccess } from '../live/registry-access.js';

export interface Context {
  corpus: Corpus;
  config: Config;
  caller: Caller;
  /** The request's notion of now, so that overdue flags and relative dates are testable. */
  now: Date;
  /** Checkout, claim and access tokens; absent where nothing sells reports (then the payment operations fail as bugs). */
  payments?: Payments;
  /** The reports accounts unlocked; absent where there are no accounts. */
  entitlements?: Entitlements;
  /** The live Companies House registry; absent when no API key is configured (answers then say so). */
  registry?: RegistryAccess;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

export type InputShape = z.ZodObject;

/** An answer as a table, for a spreadsheet: the columns, then one row of plain values per item. */
export interface AnswerTable {
  columns: readonly string[];
  rows: readonly (readonly (string | number | boolean | null)[])[];
}

export interface Capability<I extends InputShape = InputShape, O extends z.ZodType = z.ZodType> {
  /** MCP tool name; null for REST-only operations (stats, the printable report). */
  tool: string | null;
  title: string;
  /** Written for a person reading the API docs and for an agent choosing a tool. */
  description: string;
  method: 'GET' | 'POST';
  /** tinyhttp route pattern, e.g. `/api/public/entity/:id`. */
  path: string;
  /** Every parameter: path, query or body fields, in one object. */
  input: I;
  output: O;
  /** Credits charged per call (CONTRACT.md §1): 1 for core operations, 0 for pricing. */
  cost: 0 | 1;
  annotations: ToolAnnotations;
  /** Media type of a successful answer when it is a document rather than JSON; `output` is then its text. */
  produces?: 'text/html';
  /** Status of a successful answer (201 for created resources). */
  status?: 200 | 201;
  /**
   * Its answer is a page: `limit` sets its size and the answer says how to ask for the rest (`next_cursor`, or
   * `next_since` with `has_more`). An adapter with a size limit (the MCP tool server) may answer a smaller page.
   */
  paged?: true;
  /** Its answer as a table, for those who want CSV (`format=csv` or `Accept: text/csv` on the REST route). */
  table?: (output: z.output<O>) => AnswerTable;
  /** Error statuses this operation answers besides the common ones (400, 401, 404, 429, 500, 503). */
  errors?: readonly (402 | 403 | 413 | 422)[];
  run(ctx: Context, input: z.output<I>): z.output<O> | Promise<z.output<O>>;
}

/** Keeps the input and output types of each capability checked against its `run`. */
export function defineCapability<I extends InputShape, O extends z.ZodType>(c: Capability<I, O>): Capability<I, O> {
  return c;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** Every process that runs payment operations is given the service; one without it is a bug, not a caller's mistake. */
export function requirePayments(ctx: Context): Payments {
  if (ctx.payments === undefined) throw new Error('payment operation run without a payment service in its context');
  return ctx.payments;
}
