// The account API (/api/account), as the account pages call it: the session cookie, and its CSRF token on changes.
import type { ApiResult } from './api.js';

const PREFIX = '/api/account';

export interface AccountView {
  id: string;
  email: string;
  created_at: string;
  email_verified: boolean;
}

/** The session's CSRF token, as the last sign-in or GET /api/account gave it. */
let csrf = '';

export async function accountCall<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrf !== '') headers['X-CSRF-Token'] = csrf;
  let res: Response;
  try {
    res = await fetch(`${PREFIX}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return {
      ok: false,
      error: { status: 0, code: 'unreachable', message: 'the server could not be reached; check the connection' },
    };
  }
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    // an empty or non-JSON body: said below
  }
  if (res.ok) {
    const token = (parsed as { csrf_token?: unknown } | null)?.csrf_token;
    if (typeof token === 'string') csrf = token;
    return { ok: true, body: parsed as T };
  }
  const e = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
  return {
    ok: false,
    error: {
      status: res.status,
      code: e?.code ?? 'http_error',
      message: e?.message ?? `the server answered ${res.status}`,
    },
  };
}

/** The signed-in account, or null when there is no session. */
export async function currentAccount(): Promise<ApiResult<{ account: AccountView }>> {
  return accountCall<{ account: AccountView }>('GET', '');
}

/** Forgets the session's CSRF token (after signing out). */
export function forgetSession(): void {
  csrf = '';
}
