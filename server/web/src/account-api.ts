// The account API (/api/account), as the account pages call it: the session cookie, and its CSRF token on changes.
import { call, type ApiResult } from './api.js';

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
  const r = await call<T>(`${PREFIX}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const token = r.ok ? (r.body as { csrf_token?: unknown } | null)?.csrf_token : undefined;
  if (typeof token === 'string') csrf = token;
  return r;
}

/** The signed-in account; the error not_signed_in when there is no session. */
export async function currentAccount(): Promise<ApiResult<{ account: AccountView }>> {
  return accountCall<{ account: AccountView }>('GET', '');
}

/** Forgets the session's CSRF token (after signing out). */
export function forgetSession(): void {
  csrf = '';
}
