// The public REST API, as the pages call it: same origin, JSON, errors in the contract's shape.

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type ApiResult<T> = { ok: true; body: T } | { ok: false; error: ApiError };

const PREFIX = '/api/public';

/** GET `path` (under /api/public) with `params`, leaving out empty ones. Never throws: a failure is an ApiError. */
export async function get<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<ApiResult<T>> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v));
  const qs = query.toString();
  let res: Response;
  try {
    res = await fetch(`${PREFIX}${path}${qs === '' ? '' : `?${qs}`}`, { headers: { Accept: 'application/json' } });
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
