// The account pages in Chromium, with the mails going to a real SMTP server: sign up, confirm from the mail, sign in,
// sign out, set a new password, make an API key and use it with curl; the session cookie out of the page's reach. (axe-core and the security headers of
// these pages are checked with every other page's, in journeys.test.ts.)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../../helpers/browser.js';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const PASSWORD = 'a passphrase of some words';

/** The link in a mail, as the reader would click it. */
function linkIn(text: string, page: 'verify' | 'reset'): string {
  const m = new RegExp(`https?://\\S+/account/${page}#token=[A-Za-z0-9_.-]+`).exec(text);
  assert.ok(m !== null, `a ${page} link in:\n${text}`);
  return m[0];
}

describe('the account pages in Chromium', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(investigationsOnly(), { env: { UNSHELL_SMTP_URL: sink.url } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  it('signs up, confirms the address from the mail, signs in, sees the account, signs out', async () => {
    await page.goto(`${server.base}/`);
    await page.click('nav a:text("Account")');
    await page.waitForURL(/\/account\/login$/);
    await page.click('a:text("Create an account")');
    await page.waitForURL(/\/account\/signup$/);
    await page.fill('#email', 'ivy@example.org');
    await page.fill('#password', PASSWORD);
    await page.click('button:text("Create the account")');
    await page.waitForSelector('text=Check your mail');
    await screenshot(page, 'account-signup');

    const link = linkIn((await sink.next('ivy@example.org', /Confirm your unshell account/)).text, 'verify');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
    await page.waitForSelector('text=ivy@example.org is confirmed.');
    assert.doesNotMatch(page.url(), /token/, 'the token leaves the address once read');
    await screenshot(page, 'account-verify');

    await page.click('a:text("Sign in")');
    await page.fill('#email', 'ivy@example.org');
    await page.fill('#password', PASSWORD);
    await page.click('button[type="submit"]:text("Sign in")');
    await page.waitForURL(/\/account$/);
    await page.waitForSelector('h1:text("Your account")');
    assert.match((await page.textContent('dl.facts')) ?? '', /ivy@example\.org/);
    await screenshot(page, 'account');
    // The session cookie is HttpOnly: no script on the page can read it.
    assert.equal(await page.evaluate('document.cookie'), '');
    assert.ok((await context.cookies()).some((c) => c.name === 'unshell_session' && c.httpOnly));

    await page.click('button:text("Sign out")');
    await page.waitForURL(/\/$/);
    await page.goto(`${server.base}/account`);
    await page.waitForURL(/\/account\/login$/);
    await screenshot(page, 'account-login');
  });

  it('says what is wrong with a sign-in, and sets a new password from the mailed link', async () => {
    await page.goto(`${server.base}/account/login`);
    await page.fill('#email', 'ivy@example.org');
    await page.fill('#password', 'not the passphrase');
    await page.click('button[type="submit"]:text("Sign in")');
    await page.waitForSelector('text=the address or the password is wrong');
    await page.click('a:text("Forgot the password?")');
    await page.waitForURL(/\/account\/reset$/);
    await page.fill('#email', 'ivy@example.org');
    await page.click('button:text("Mail me a link")');
    await page.waitForSelector('text=a link to set a new password is on its way');

    const link = linkIn((await sink.next('ivy@example.org', /Set a new unshell password/)).text, 'reset');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
    await page.fill('#password', 'the new passphrase here');
    await page.click('button:text("Set the password")');
    await page.waitForSelector('text=The password is set');
    await screenshot(page, 'account-reset');
    await page.click('a:text("Sign in with it")');
    await page.fill('#email', 'ivy@example.org');
    await page.fill('#password', 'the new passphrase here');
    await page.click('button[type="submit"]:text("Sign in")');
    await page.waitForSelector('h1:text("Your account")');
    assert.deepEqual(pageErrors, []);
  });

  it("makes an API key shown once, which curl then uses with the plan's limits, and revokes it", async () => {
    // Signed in as ivy from the journey before.
    await page.goto(`${server.base}/account`);
    await page.waitForSelector('h2:text("API keys")');
    await page.waitForSelector('text=0 of 1 active key your plan allows.');
    assert.match((await page.textContent('section[aria-labelledby="plan"]')) ?? '', /free \(no subscription\)/);
    await page.fill('#key-name', 'screening script');
    await page.click('button:text("Create a key")');
    const key = (await page.textContent('.new-key code.secret')) ?? '';
    assert.match(key, /^unsh_/);
    await page.waitForSelector('text=1 of 1 active key your plan allows. Revoke one to make another.');
    assert.equal(await page.isVisible('button:text("Create a key")'), false, 'no second key on the free plan');
    await screenshot(page, 'account-keys');

    const withCurl = await curl(`${server.base}/api/public/stats`, key);
    assert.equal(withCurl.status, 200);
    assert.match(withCurl.headers, /^ratelimit-limit: 300\r?$/im, 'the free plan lifts the anonymous 60 a minute');
    await page.reload();
    await page.waitForSelector('text=1 of 10,000 credits used');
    assert.doesNotMatch((await page.textContent('table')) ?? '', /never/, 'last used is shown');
    await screenshot(page, 'account-usage');

    await page.click('button[aria-label^="Revoke the key screening script"]');
    await page.waitForSelector('text=The key screening script is revoked');
    assert.equal((await curl(`${server.base}/api/public/stats`, key)).status, 401);
    assert.equal(await page.isVisible('.new-key'), false, 'the shown key is gone from the page');
    assert.deepEqual(pageErrors, []);
  });
});

/** A request made with the curl command, as a person would try a key: status and response headers. */
function curl(url: string, key: string): Promise<{ status: number; headers: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      [
        '--silent',
        '--show-error',
        '--dump-header',
        '-',
        '--output',
        '/dev/null',
        '--header',
        `Authorization: Bearer ${key}`,
        url,
      ],
      (err, stdout) => {
        if (err !== null) return reject(new Error(`curl failed: ${err.message}`));
        const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);
        resolve({ status, headers: stdout });
      },
    );
  });
}
