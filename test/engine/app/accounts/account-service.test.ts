// Accounts end to end below HTTP: mails through a real SMTP server, links from those mails, the stores on disk.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AccountKeys } from '../../../../engine/app/accounts/account-keys.js';
import { AccountService } from '../../../../engine/app/accounts/account-service.js';
import { ACCOUNTS_FILE, AccountStore } from '../../../../engine/app/accounts/account-store.js';
import { KeyStore } from '../../../../engine/app/accounts/key-store.js';
import { mailerFor } from '../../../../engine/app/accounts/mailer.js';
import { MonthlyCredits } from '../../../../engine/app/accounts/monthly-credits.js';
import { SessionStore } from '../../../../engine/app/accounts/session-store.js';
import { UsageStore } from '../../../../engine/app/accounts/usage-store.js';
import { RetryLaterError } from '../../../../engine/errors/retry-later.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { startSmtpSink, type SmtpSink } from '../../../helpers/smtp-sink.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';

const SECRET = Buffer.from('an account test secret of at least thirty-two characters');
const PASSWORD = 'correct horse battery staple';

/** The token of the first link in a mail (links carry it in the fragment). */
function tokenIn(text: string, page: 'verify' | 'reset'): string {
  const m = new RegExp(`/account/${page}#token=([A-Za-z0-9_.-]+)`).exec(text);
  assert.ok(m?.[1] !== undefined, `a ${page} link in:\n${text}`);
  return m[1];
}

async function rejects(p: Promise<unknown> | (() => unknown), code: string): Promise<void> {
  await assert.rejects(
    typeof p === 'function' ? Promise.resolve().then(p) : p,
    (err: unknown) => err instanceof ServiceError && err.code === code,
  );
}

describe('AccountService', () => {
  let sink: SmtpSink;
  let dir: string;
  let accounts: AccountStore;
  let sessions: SessionStore;
  let keys: KeyStore;
  let usage: UsageStore;
  let service: AccountService;
  const logged: string[] = [];
  const now = new Date('2026-11-26T10:00:00Z');

  before(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(path.join(os.tmpdir(), 'unshell-accounts-'));
    accounts = AccountStore.open(new FileStateLogs(dir));
    sessions = SessionStore.open(new FileStateLogs(dir));
    keys = KeyStore.open(new FileStateLogs(dir));
    usage = UsageStore.open(new FileStateLogs(dir));
    service = new AccountService({
      accounts,
      sessions,
      keys: new AccountKeys(keys, usage, new MonthlyCredits(usage, keys)),
      mailer: mailerFor({ smtpUrl: sink.url, from: 'unshell <no-reply@example.test>' }, (l) => logged.push(l)),
      secret: SECRET,
      pageBase: () => 'https://unshell.example.test',
      log: (l) => logged.push(l),
    });
  });
  after(async () => {
    accounts.close();
    sessions.close();
    keys.close();
    usage.close();
    await sink.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs up, mails a confirmation link, refuses sign-in until the address is confirmed, then signs in', async () => {
    await service.signUp('Ana@Example.org ', PASSWORD, '10.0.0.1', now);
    const mail = await sink.next('ana@example.org', /Confirm your unshell account/);
    assert.equal(mail.from, 'no-reply@example.test');
    await rejects(service.signIn('ana@example.org', PASSWORD, '10.0.0.1', now), 'email_not_verified');
    const view = service.verifyEmail(tokenIn(mail.text, 'verify'), now);
    assert.deepEqual([view.email, view.email_verified], ['ana@example.org', true]);
    const { secret } = await service.signIn('ANA@example.org', PASSWORD, '10.0.0.1', now);
    assert.equal(service.fromSession(secret, now)?.account.email, 'ana@example.org');
    // The stored password is a salted scrypt hash, never the password itself.
    const log = readFileSync(path.join(dir, ACCOUNTS_FILE), 'utf8');
    assert.ok(!log.includes(PASSWORD));
    assert.match(log, /"password":"scrypt\$17\$8\$1\$/);
  });

  it('answers a sign-up for an address that has an account as it answers a new one, and mails its holder instead', async () => {
    const before = accounts.count;
    await service.signUp('ana@example.org', 'another password entirely', '10.0.0.2', now);
    assert.equal(accounts.count, before);
    const mail = await sink.next('ana@example.org', /Someone tried to sign up/);
    assert.ok(tokenIn(mail.text, 'reset').length > 20);
  });

  it('gives a wrong password and an unknown address the same answer, and throttles failures per address', async () => {
    await rejects(service.signIn('nobody@example.org', PASSWORD, '10.0.0.3', now), 'invalid_credentials');
    await rejects(service.signIn('ana@example.org', 'wrong password!', '10.0.0.3', now), 'invalid_credentials');
    for (let i = 0; i < 4; i++)
      await rejects(service.signIn('ana@example.org', 'wrong password!', `10.0.1.${i}`, now), 'invalid_credentials');
    // Five failures for the address: even the right password waits now, from any client.
    await assert.rejects(
      service.signIn('ana@example.org', PASSWORD, '10.0.9.9', now),
      (err: unknown) => err instanceof RetryLaterError && err.retryAfterSeconds > 0,
    );
    const later = new Date(now.getTime() + 16 * 60_000);
    assert.ok((await service.signIn('ana@example.org', PASSWORD, '10.0.9.9', later)).secret.length > 20);
  });

  it('resets a password by the mailed link once, ending every session; the old password stops working', async () => {
    const t = new Date(now.getTime() + 20 * 60_000);
    const { secret } = await service.signIn('ana@example.org', PASSWORD, '10.0.0.4', t);
    await service.requestPasswordReset('ana@example.org', '10.0.0.4', t);
    await service.requestPasswordReset('nobody@example.org', '10.0.0.4', t);
    const token = tokenIn((await sink.next('ana@example.org', /Set a new unshell password/)).text, 'reset');
    await service.resetPassword(token, 'a brand new passphrase', t);
    assert.equal(service.fromSession(secret, t), undefined);
    await rejects(service.resetPassword(token, 'yet another passphrase', t), 'invalid_link');
    await rejects(service.signIn('ana@example.org', PASSWORD, '10.0.0.4', t), 'invalid_credentials');
    await service.signIn('ana@example.org', 'a brand new passphrase', '10.0.0.4', t);
    assert.equal(
      sink.mails.filter((m) => m.to.includes('nobody@example.org')).length,
      0,
      'no mail for an address without an account',
    );
  });

  it('refuses forged, expired and misdirected links, bad addresses and short passwords', async () => {
    await rejects(() => service.verifyEmail('e30.AAAA', now), 'invalid_link');
    await rejects(() => service.verifyEmail('not a token', now), 'invalid_link');
    await service.signUp('bo@example.org', PASSWORD, '10.0.0.5', now);
    const token = tokenIn((await sink.next('bo@example.org', /Confirm/)).text, 'verify');
    await rejects(() => service.verifyEmail(token, new Date(now.getTime() + 49 * 3_600_000)), 'invalid_link');
    await rejects(service.resetPassword(token, 'a brand new passphrase', now), 'invalid_link');
    await rejects(service.signUp('not-an-address', PASSWORD, '10.0.0.5', now), 'invalid_parameter');
    await rejects(service.signUp('cy@example.org', 'short', '10.0.0.5', now), 'invalid_parameter');
  });

  it('mails one address at most five times an hour, whatever is asked', async () => {
    await service.signUp('dee@example.org', PASSWORD, '10.0.0.7', now);
    for (let i = 0; i < 6; i++) await service.requestPasswordReset('dee@example.org', '10.0.0.8', now);
    assert.equal(sink.mails.filter((m) => m.to.includes('dee@example.org')).length, 5);
  });

  it('checks the CSRF token of a session, and deletes an account with its password: sessions end, the address leaves the log', async () => {
    const t = new Date(now.getTime() + 30 * 60_000);
    const { secret } = await service.signIn('ana@example.org', 'a brand new passphrase', '10.0.0.6', t);
    const signedIn = service.fromSession(secret, t);
    assert.ok(signedIn !== undefined);
    service.checkCsrf(secret, service.csrfToken(secret));
    await rejects(() => service.checkCsrf(secret, undefined), 'invalid_csrf_token');
    await rejects(() => service.checkCsrf(secret, service.csrfToken('another session')), 'invalid_csrf_token');
    await rejects(service.deleteAccount(signedIn.account, 'wrong password!', t), 'invalid_credentials');
    await service.deleteAccount(signedIn.account, 'a brand new passphrase', t);
    assert.equal(service.fromSession(secret, t), undefined);
    assert.ok(!readFileSync(path.join(dir, ACCOUNTS_FILE), 'utf8').includes('ana@example.org'));
    // The stores reopen to the same state: the deleted account is a tombstone, the other one is intact.
    const reopened = AccountStore.open(new FileStateLogs(dir));
    assert.equal(reopened.byEmail('ana@example.org'), undefined);
    assert.equal(reopened.byId(signedIn.account.id)?.deleted_at, t.toISOString());
    assert.equal(reopened.byEmail('bo@example.org')?.verified_at, null);
    reopened.close();
  });
});
