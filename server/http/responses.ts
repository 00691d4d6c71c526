// Writes JSON answers, rendered documents and contract-shaped errors, with the headers every response carries.
import type { ServerResponse } from 'node:http';
import { RetryLaterError } from '../../engine/errors/retry-later.js';
import { ServiceError, toServiceError } from '../../engine/errors/service-error.js';

/**
 * No answer is larger. Every list an operation returns is capped (pages, hops, owners) far below this, so an answer
 * over it is a bug; it is refused as one, an `internal` error, instead of holding that much memory per request.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

function sendText(res: ServerResponse, status: number, contentType: string, text: string, cost: number): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_ANSWER_BYTES)
    throw new Error(`an answer of ${bytes} bytes is over the ${MAX_ANSWER_BYTES} bytes any answer may have`);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', bytes);
  res.setHeader('X-Credits-Cost', String(cost));
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, cost: number): void {
  sendText(res, status, 'application/json; charset=utf-8', JSON.stringify(body), cost);
}

/** A document an operation renders (the printable report): private to its buyer, so never stored by a cache. */
export function sendHtml(res: ServerResponse, status: number, html: string, cost: number): void {
  res.setHeader('Cache-Control', 'private, no-store');
  sendText(res, status, 'text/html; charset=utf-8', html, cost);
}

/** Paths whose errors are answered in yente's shape, `{"detail": "…"}`, for the clients of the yente API. */
const YENTE_PATHS = '/api/public/yente/';

/** An error's body for a request to `target`: the contract's shape, or yente's under its prefix. */
export function errorBodyFor(target: string, e: ServiceError): unknown {
  return target.startsWith(YENTE_PATHS) ? { detail: e.message } : e.toBody();
}

/** Unknown errors are bugs: logged with their stack, answered as `internal` with nothing of their insides. */
export function sendError(res: ServerResponse, err: unknown, cost: number, log: (line: string) => void): void {
  const e = toServiceError(err);
  if (e.code === 'internal') log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  else if (!(err instanceof ServiceError)) log(`${e.code}: ${err instanceof Error ? err.message : String(err)}`);
  if (e.code === 'not_ready' && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', '1');
  if (e instanceof RetryLaterError) res.setHeader('Retry-After', String(e.retryAfterSeconds));
  else if (e.code === 'rate_limited' && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', '60');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, e.status, errorBodyFor(res.req?.url ?? '', e), cost);
}
