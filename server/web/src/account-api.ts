// The account API (/api/account), as the account pages call it: the session cookie, and its CSRF token on changes.
import { call, type ApiResult } from './api.js';

const PREFIX = '/api/account';

export interface PlanView {
  name: 'free' | 'analyst' | 'team';
  keys: number;
  rate_per_minute: number;
  resolve_batch: number;
  monthly_credits: number;
  monthly_reports: { tier: 'standard' | 'enhanced'; count: number } | null;
  price_per_month: number;
  currency: string;
}

export interface AccountView {
  id: string;
  email: string;
  created_at: string;
  email_verified: boolean;
  plan: PlanView;
  metering: boolean;
  subscription: {
    plan: string;
    status: 'active' | 'past_due' | 'canceled';
    period_start: string;
    period_end: string;
    cancel_at_period_end: boolean;
  } | null;
}

export interface KeyView {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface UsageView {
  plan: PlanView;
  period: { from: string; until: string };
  included_credits: number;
  used_credits: number;
  remaining_credits: number;
  metering: boolean;
  days: Array<{ day: string; requests: number; credits: number }>;
  keys: Array<{ id: string; name: string; requests: number; credits: number }>;
}

/** The operations made without a session, which need no CSRF token. */
const WITHOUT_SESSION = new Set(['/signup', '/verify', '/login', '/password-reset', '/password']);

/** The session's CSRF token, as the last sign-in or GET /api/account gave it. */
let csrf = '';

export async function accountCall<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // A page opened directly (not after the sign-in or the account page) has no token yet: the account gives it.
  if (method !== 'GET' && csrf === '' && !WITHOUT_SESSION.has(path)) await accountCall('GET', '');
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
