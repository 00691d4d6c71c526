// Runs capabilities by calling a remote unshell REST API: Bearer key, per-request timeout, never off its host.
import type { Capability } from '../../engine/app/contract/capability.js';
import { parseInput } from '../../engine/app/contract/validate.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { failure, type Backend, type Outcome, type ToolErrorBody } from '../../server/mcp/backend.js';
import { buildRequest, isWithinBase, parseApiBase, type ApiBase } from './remote-request.js';

/** Same-origin redirects (a trailing slash, a moved prefix) are followed this many times at most. */
const MAX_REDIRECTS = 3;

export interface RemoteBackendOptions {
  base: string;
  apiKey: string | null;
  timeoutMs: number;
  userAgent: string;
  log: (line: string) => void;
}

function errorBodyOf(value: unknown): ToolErrorBody | null {
  if (value === null || typeof value !== 'object') return null;
  const error = (value as { error?: unknown }).error;
  if (error === null || typeof error !== 'object') return null;
  const { code, message, param } = error as { code?: unknown; message?: unknown; param?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return { error: { code, message, ...(typeof param === 'string' ? { param } : {}) } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function remoteBackend(options: RemoteBackendOptions): Backend {
  const base: ApiBase = parseApiBase(options.base);
  const where = `${base.origin}${base.prefix}`;
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent };
  if (options.apiKey !== null) headers.authorization = `Bearer ${options.apiKey}`;

  /** Redirects are read, not followed blindly: one that leaves the API's origin or its /api/public is refused. */
  async function send(capability: Capability, args: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    const request = buildRequest(base, capability, args);
    let url = request.url;
    let method: string = request.method;
    let body = request.body;
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, {
        method,
        headers: body === null ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === null ? {} : { body }),
        redirect: 'manual',
        signal,
      });
      if (res.status < 300 || res.status > 399) return res;
      await res.body?.cancel();
      const location = res.headers.get('location');
      const next = location === null ? null : new URL(location, url);
      if (next === null || !isWithinBase(base, next)) {
        throw new ServiceError(
          'upstream_unavailable',
          `refused a redirect from ${where} to ${location ?? '(no location)'}: requests go to ${where}/api/public only`,
        );
      }
      if (hop + 1 >= MAX_REDIRECTS) throw new ServiceError('upstream_unavailable', `too many redirects from ${where}`);
      if (res.status !== 307 && res.status !== 308) {
        method = 'GET';
        body = null;
      }
      url = next;
    }
  }

  return {
    description: `the REST API at ${where}${options.apiKey === null ? '' : ' (with an API key)'}`,
    async call(capability: Capability, args: Record<string, unknown>): Promise<Outcome> {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        // Validate here first: a bad parameter is answered at once, exactly as the REST API would, and never sent.
        parseInput(capability, args);
        const res = await send(capability, args, signal);
        const text = await res.text();
        const value = parseJson(text);
        if (res.ok && value !== null && typeof value === 'object') return { ok: true, body: value };
        const passed = res.ok ? null : errorBodyOf(value);
        if (passed !== null) return { ok: false, error: passed };
        throw new ServiceError(
          'upstream_unavailable',
          `${where} answered HTTP ${res.status} without the expected JSON body`,
        );
      } catch (err) {
        if (signal.aborted) {
          return failure(
            new ServiceError(
              'timeout',
              `${where} did not answer ${capability.tool ?? capability.path} within ${options.timeoutMs} ms (SERVICE_TIMEOUT_MS)`,
            ),
            options.log,
          );
        }
        if (err instanceof ServiceError) return failure(err, options.log);
        const cause = (err as { cause?: { code?: unknown } }).cause;
        const reason = typeof cause?.code === 'string' ? cause.code : err instanceof Error ? err.message : String(err);
        return failure(new ServiceError('upstream_unavailable', `could not reach ${where}: ${reason}`), options.log);
      }
    },
    close: () => Promise.resolve(),
  };
}
