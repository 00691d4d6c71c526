// Turns a capability call into a request to the configured REST API, and refuses any that would leave it.
import type { Capability } from '../../engine/app/contract/capability.js';
import { ConfigError } from '../../engine/errors/config-error.js';
import { ServiceError } from '../../engine/errors/service-error.js';

const PUBLIC_PREFIX = '/api/public/';

/** The configured API origin and the path it is mounted under (empty at the root). */
export interface ApiBase {
  origin: string;
  prefix: string;
}

export function parseApiBase(base: string): ApiBase {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigError(`SERVICE_API_BASE must be an http(s) URL, got "${base}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`SERVICE_API_BASE must be an http(s) URL, got "${base}"`);
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new ConfigError(
      `SERVICE_API_BASE must be a plain origin and path, without credentials, query or fragment, got "${base}"`,
    );
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** True when the URL is on the base's origin and under its `/api/public/`: the only place requests may go. */
export function isWithinBase(base: ApiBase, url: URL): boolean {
  return url.origin === base.origin && url.pathname.startsWith(`${base.prefix}${PUBLIC_PREFIX}`);
}

/** A path parameter that names a dot segment would walk out of its route once decoded by a proxy or server. */
function pathSegment(name: string, value: unknown): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') throw new ServiceError('invalid_parameter', `${name} must be of type string`, name);
  const decodedSegments = text.split(/[/\\]/);
  if (decodedSegments.some((s) => s === '.' || s === '..')) {
    throw new ServiceError(
      'invalid_parameter',
      `${name} must not contain "." or ".." path segments (got ${JSON.stringify(text)})`,
      name,
    );
  }
  return encodeURIComponent(text);
}

const scalar = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export interface RemoteRequest {
  url: URL;
  method: 'GET' | 'POST';
  /** JSON body of a POST: every input field that is not a path parameter. */
  body: string | null;
}

/** Path parameters from the route's `:name` segments; the rest as the query of a GET or the JSON body of a POST. */
export function buildRequest(base: ApiBase, capability: Capability, args: Record<string, unknown>): RemoteRequest {
  const known = Object.keys(capability.input.shape);
  const used = new Set<string>();
  const path = capability.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    used.add(name);
    return pathSegment(name, args[name]);
  });
  const url = new URL(`${base.origin}${base.prefix}${path}`);
  const rest: Record<string, unknown> = {};
  for (const key of known) if (!used.has(key) && args[key] !== undefined) rest[key] = args[key];
  let body: string | null = null;
  if (capability.method === 'GET') {
    for (const [key, value] of Object.entries(rest)) {
      for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) url.searchParams.append(key, scalar(v));
    }
  } else {
    body = JSON.stringify(rest);
  }
  if (!isWithinBase(base, url))
    throw new ServiceError(
      'invalid_parameter',
      `refusing to send a request outside ${base.origin}${base.prefix}${PUBLIC_PREFIX}: ${url.pathname}`,
    );
  return { url, method: capability.method, body };
}
