// Test helper: an account made as a person makes one (sign up, the mailed link, sign in), over the real account API.
import assert from 'node:assert/strict';
import type { SmtpSink } from './smtp-sink.js';
import { postJson } from './snapshot.js';

export const ACCOUNT_PASSWORD = 'a long enough passphrase';

/** The token of the first link to `page` in a mail (links carry it in the fragment). */
export function linkTokenIn(text: string, page: 'verify' | 'reset'): string {
  const m = new RegExp(`/account/${page}#token=([A-Za-z0-9_.-]+)`).exec(text);
  assert.ok(m?.[1] !== undefined, `a ${page} link in:\n${text}`);
  return m[1];
}

export interface SignedIn {
  /** `unshell_session=…`, as a browser sends it back. */
  cookie: string;
  csrf: string;
  /** Headers of a signed-in change: the cookie and its CSRF token. */
  changing: Record<string, string>;
  accountId: string;
}

/** Signs up at `base` (the server's origin), confirms by the mail the sink caught, and signs in. */
export async function signedInAccount(base: string, sink: SmtpSink, email: string): Promise<SignedIn> {
  const api = `${base}/api/account`;
  const signup = await postJson(`${api}/signup`, { email, password: ACCOUNT_PASSWORD });
  assert.equal(signup.status, 202);
  const mail = await sink.next(email, /Confirm your unshell account/);
  assert.equal((await postJson(`${api}/verify`, { token: linkTokenIn(mail.text, 'verify') })).status, 200);
  const login = await postJson(`${api}/login`, { email, password: ACCOUNT_PASSWORD });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = String(login.body['csrf_token']);
  const accountId = String((login.body['account'] as { id: string }).id);
  return { cookie, csrf, changing: { cookie, 'x-csrf-token': csrf }, accountId };
}
