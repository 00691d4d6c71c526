// The public REST API, as the pages call it: same origin, JSON, errors in the contract's shape.

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type ApiResult<T> = { ok: true; body: T } | { ok: false; error: ApiError };

const PREFIX = '/api/public';

/**
 * The page token the server wrote into this page's shell, and the nonce of the page view on screen: the API
 * requests one page view makes count once against the anonymous limits and credits.
 */
const pageToken = document.querySelector<HTMLMetaElement>('meta[name="unshell-page"]')?.content ?? '';
let pageView = '';

/** Starts a new page view: the next requests count as its own. */
export function newPageView(): void {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  pageView = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const pageViewHeader = (): Record<string, string> =>
  pageToken === '' || pageView === '' ? {} : { 'X-Page-View': `${pageToken}.${pageView}` };

/** GET `path` (under /api/public) with `params`, leaving out empty ones. Never throws: a failure is an ApiError. */
export function get<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v));
  const qs = query.toString();
  return call<T>(`${PREFIX}${path}${qs === '' ? '' : `?${qs}`}`, {
    headers: { Accept: 'application/json', ...headers },
  });
}

/** POST a JSON body to `path` (under /api/public). */
export function post<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  return call<T>(`${PREFIX}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...pageViewHeader() },
    body: JSON.stringify(body),
  });
}

/** A same-origin request whose answer is JSON: the body, or the contract's error as an ApiError. Never throws. */
export async function call<T>(url: string, init: RequestInit): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    return {
      ok: false,
      error: { status: 0, code: 'unreachable', message: 'the server could not be reached; check the connection' },
    };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // an empty or non-JSON body: said below
  }
  if (res.ok) return { ok: true, body: body as T };
  const e = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return {
    ok: false,
    error: {
      status: res.status,
      code: e?.code ?? 'http_error',
      message: e?.message ?? `the server answered ${res.status}`,
    },
  };
}

/** The path of an entity id in a URL: ids hold colons and slashes. */
export const idPath = (id: string): string => encodeURIComponent(id);
