// The account API over real HTTP, with mail going to a real SMTP server: what a browser and a program each do.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import { getJson, investigationsOnly, postJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const PASSWORD = 'a long enough passphrase';

function tokenIn(text: string, page: 'verify' | 'reset'): string {
  const m = new RegExp(`/account/${page}#token=([A-Za-z0-9_.-]+)`).exec(text);
  assert.ok(m?.[1] !== undefined, `a ${page} link in:\n${text}`);
  return m[1];
}

/** The session cookie a Set-Cookie header sets, as a browser would send it back. */
function sessionCookie(headers: Headers): string {
  const set = headers.get('set-cookie') ?? '';
  assert.match(set, /^unshell_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
  return set.split(';')[0] ?? '';
}

describe('/api/account', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let api: string;

  before(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(investigationsOnly(), { env: { UNSHELL_SMTP_URL: sink.url } });
    api = `${server.base}/api/account`;
  });
  after(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it('signs up, confirms by the mailed link, signs in with a cookie, reads the account, signs out', async () => {
    const signup = await postJson(`${api}/signup`, { email: 'eve@example.org', password: PASSWORD });
    assert.equal(signup.status, 202);
    assert.equal(signup.body['status'], 'mail_sent');
    const mail = await sink.next('eve@example.org', /Confirm your unshell account/);
    assert.ok(mail.text.includes(`${server.base}/account/verify#token=`), 'the link points at this server');

    const early = await postJson(`${api}/login`, { email: 'eve@example.org', password: PASSWORD });
    assert.equal(early.status, 403);
    assert.equal((early.body['error'] as { code: string }).code, 'email_not_verified');

    const verified = await postJson(`${api}/verify`, { token: tokenIn(mail.text, 'verify') });
    assert.equal(verified.status, 200);
    const login = await postJson(`${api}/login`, { email: 'eve@example.org', password: PASSWORD });
    assert.equal(login.status, 200);
    const cookie = sessionCookie(login.headers);
    const csrf = login.body['csrf_token'] as string;

    const me = await getJson(api, { headers: { cookie } });
    assert.equal(me.status, 200);
    assert.equal(me.headers.get('cache-control'), 'no-store');
    assert.deepEqual(
      [(me.body['account'] as { email: string }).email, me.body['csrf_token']],
      ['eve@example.org', csrf],
    );

    // Signing out needs the CSRF token; without it the session stays.
    const forged = await postJson(`${api}/logout`, {}, { cookie });
    assert.equal(forged.status, 403);
    assert.equal((forged.body['error'] as { code: string }).code, 'invalid_csrf_token');
    const out = await postJson(`${api}/logout`, {}, { cookie, 'x-csrf-token': csrf });
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie') ?? '', /^unshell_session=; Max-Age=0;/);
    const gone = await getJson(api, { headers: { cookie } });
    assert.equal(gone.status, 401);
    assert.equal((gone.body['error'] as { code: string }).code, 'not_signed_in');
  });

  it('answers the same to a sign-up and a reset request for an address with and without an account', async () => {
    const taken = await postJson(`${api}/signup`, { email: 'eve@example.org', password: 'something else entirely' });
    const fresh = await postJson(`${api}/signup`, { email: 'fay@example.org', password: PASSWORD });
    assert.deepEqual([taken.status, taken.body], [fresh.status, fresh.body]);
    const known = await postJson(`${api}/password-reset`, { email: 'eve@example.org' });
    const unknown = await postJson(`${api}/password-reset`, { email: 'nobody@example.org' });
    assert.deepEqual([known.status, known.body], [unknown.status, unknown.body]);
    const wrongPassword = await postJson(`${api}/login`, { email: 'eve@example.org', password: 'not the password' });
    const noAccount = await postJson(`${api}/login`, { email: 'nobody@example.org', password: 'not the password' });
    assert.deepEqual([wrongPassword.status, wrongPassword.body], [noAccount.status, noAccount.body]);
    assert.equal(noAccount.status, 401);
  });

  it('sets a new password by the mailed link, which then stops working, and deletes the account with its password', async () => {
    await postJson(`${api}/password-reset`, { email: 'eve@example.org' });
    const token = tokenIn((await sink.next('eve@example.org', /Set a new unshell password/)).text, 'reset');
    assert.equal((await postJson(`${api}/password`, { token, password: 'the newer passphrase' })).status, 200);
    const reused = await postJson(`${api}/password`, { token, password: 'and yet another one' });
    assert.equal(reused.status, 400);
    assert.equal((reused.body['error'] as { code: string }).code, 'invalid_link');

    const login = await postJson(`${api}/login`, { email: 'eve@example.org', password: 'the newer passphrase' });
    const cookie = sessionCookie(login.headers);
    const csrf = login.body['csrf_token'] as string;
    const del = (password: string): Promise<{ status: number; body: Record<string, unknown> }> =>
      getJson(api, {
        method: 'DELETE',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    assert.equal((await del('not the password')).status, 401);
    assert.equal((await del('the newer passphrase')).status, 200);
    assert.equal((await getJson(api, { headers: { cookie } })).status, 401);
    const again = await postJson(`${api}/login`, { email: 'eve@example.org', password: 'the newer passphrase' });
    assert.equal(again.status, 401);
  });

  it('names the field at fault in a bad body, and answers 405 with Allow for a method a path does not serve', async () => {
    const missing = await postJson(`${api}/signup`, { email: 'gus@example.org' });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body['error'], {
      code: 'missing_parameter',
      message: 'password is required',
      param: 'password',
    });
    const short = await postJson(`${api}/signup`, { email: 'gus@example.org', password: 'short' });
    assert.equal((short.body['error'] as { param: string }).param, 'password');
    const extra = await postJson(`${api}/signup`, { email: 'gus@example.org', password: PASSWORD, plan: 'team' });
    assert.equal(extra.status, 400);
    const notJson = await postJson(`${api}/login`, '{"email":');
    assert.equal(notJson.status, 400);
    // What a form on another site could send without asking: refused before it is read.
    const formPost = await getJson(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'eve@example.org', password: PASSWORD }),
    });
    assert.equal(formPost.status, 400);
    assert.equal((formPost.body['error'] as { param: string }).param, '(content-type)');
    const put = await getJson(`${api}/signup`, { method: 'PUT' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'POST');
  });

  it('over https (its public URL says so): a Secure session cookie, and pages with Strict-Transport-Security', async () => {
    const secure = await startTestServer(investigationsOnly(), {
      env: { UNSHELL_SMTP_URL: sink.url, UNSHELL_PUBLIC_URL: 'https://unshell.example.test' },
    });
    try {
      const at = `${secure.base}/api/account`;
      await postJson(`${at}/signup`, { email: 'hal@example.org', password: PASSWORD });
      const mail = await sink.next('hal@example.org', /Confirm your unshell account/);
      assert.ok(mail.text.includes('https://unshell.example.test/account/verify#token='));
      await postJson(`${at}/verify`, { token: tokenIn(mail.text, 'verify') });
      const login = await postJson(`${at}/login`, { email: 'hal@example.org', password: PASSWORD });
      assert.match(login.headers.get('set-cookie') ?? '', /; HttpOnly; Secure; SameSite=Lax$/);
      const page = await fetch(`${secure.base}/account/login`);
      assert.equal(page.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
      const plain = await fetch(`${server.base}/account/login`);
      assert.equal(plain.headers.get('strict-transport-security'), null, 'not over plain http');
    } finally {
      await secure.stop();
    }
  });

  it('is described in the OpenAPI document: every operation, its body, and the session it needs', async () => {
    const doc = await getJson<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      `${server.base}/api/public/openapi.json`,
    );
    const paths = doc.body.paths;
    for (const [path, method] of [
      ['/api/account/signup', 'post'],
      ['/api/account/verify', 'post'],
      ['/api/account/login', 'post'],
      ['/api/account/logout', 'post'],
      ['/api/account', 'get'],
      ['/api/account', 'delete'],
      ['/api/account/password-reset', 'post'],
      ['/api/account/password', 'post'],
      ['/api/account/keys', 'get'],
      ['/api/account/keys', 'post'],
      ['/api/account/keys/{id}', 'delete'],
      ['/api/account/usage', 'get'],
    ] as const)
      assert.ok(paths[path]?.[method] !== undefined, `${method} ${path}`);
    const login = paths['/api/account/login']?.['post'] as { requestBody: unknown };
    assert.match(JSON.stringify(login.requestBody), /"required":\["email","password"\]/);
    assert.deepEqual(paths['/api/account']?.['get']?.['security'], [{ session: [] }, { apiKey: [] }]);
    assert.deepEqual(paths['/api/account/login']?.['post']?.['security'], [{}]);
    const revoke = paths['/api/account/keys/{id}']?.['delete'] as { parameters: Array<{ name: string; in: string }> };
    assert.deepEqual(
      revoke.parameters.map((p) => [p.name, p.in]),
      [
        ['id', 'path'],
        ['X-CSRF-Token', 'header'],
      ],
    );
  });
});
