// The account pages in Chromium, with the mails going to a real SMTP server: sign up, confirm from the mail, sign in,
// sign out, set a new password, make an API key and use it with curl, buy a pack and a plan and unlock a report;
// the session cookie out of the page's reach; axe-core on the signed-in pages (the others are checked with every
// other page's, with their security headers, in journeys.test.ts).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { launchBrowser, screenshot, seriousViolations } from '../../helpers/browser.js';
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

  it('buys a pack on the pricing page, unlocks a report with one click, subscribes and cancels', async () => {
    await page.goto(`${server.base}/pricing`);
    await page.waitForSelector('h1:text("Pricing")');
    await screenshot(page, 'pricing');
    await page.click('button:text("Buy 10 standard reports")');
    await page.waitForURL(/\/checkout\/test\/buy_/);
    await page.click('button:text("Pay 290 EUR")');
    await page.waitForSelector('text=Payment recorded');
    await page.click('a:text("Back to your account")');
    await page.waitForSelector('h2:text("My dossiers")');
    await page.waitForSelector('text=Unlocks left: 10 standard from a pack');

    await page.goto(`${server.base}/dossier/${encodeURIComponent(A.ukProperty)}`);
    await page.click('button[data-unlock="standard"]');
    await page.waitForSelector('h2:has-text("Full report (standard)")');
    await screenshot(page, 'dossier-unlocked-by-account');
    await page.goto(`${server.base}/account`);
    await page.waitForSelector('text=Unlocks left: 9 standard from a pack');
    assert.match(
      (await page.textContent('section[aria-labelledby="dossiers"]')) ?? '',
      /KESTREL WHARF PROPERTIES LIMITED/,
    );
    assert.equal(
      await page.getAttribute('section[aria-labelledby="dossiers"] td a', 'href'),
      `/dossier/${encodeURIComponent(A.ukProperty)}`,
    );

    // A key on the free plan, then the same key once the plan is bought.
    await page.fill('#key-name', 'plan check');
    await page.click('button:text("Create a key")');
    const key = (await page.textContent('.new-key code.secret')) ?? '';
    const before = await curl(`${server.base}/api/public/stats`, key);
    assert.match(before.headers, /^ratelimit-limit: 300\r?$/im);

    await page.goto(`${server.base}/pricing`);
    await page.click('button:text("Subscribe to analyst")');
    await page.waitForURL(/\/checkout\/test\/buy_/);
    await page.click('button:text("Pay 199 EUR")');
    await page.click('a:text("Back to your account")');
    await page.waitForSelector('text=Renews on');
    assert.match((await page.textContent('section[aria-labelledby="plan"]')) ?? '', /analyst \(199 EUR a month\)/);
    const after = await curl(`${server.base}/api/public/stats`, key);
    assert.match(after.headers, /^ratelimit-limit: 600\r?$/im, "the key has the analyst plan's limits at once");
    await page.click('button:text("Cancel at the end of the period")');
    await page.waitForSelector('text=then the account is free');
    await page.waitForSelector('dt:text("Ends on")');
    await screenshot(page, 'account-subscription');
    assert.deepEqual(pageErrors, []);
  });

  it('has no serious accessibility violation on the signed-in pages, at 1280 and at 375 pixels wide', async () => {
    for (const width of [1280, 375]) {
      // A context of its own that lets axe-core's script in, signed in with the journey's session.
      const checked = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      await checked.addCookies(await context.cookies());
      const p = await checked.newPage();
      for (const url of ['/account', '/pricing', `/dossier/${encodeURIComponent(A.ukProperty)}`]) {
        await p.goto(`${server.base}${url}`);
        await p.waitForSelector('h1');
        await p.waitForLoadState('networkidle');
        assert.deepEqual(await seriousViolations(p), [], `${url} at ${width} px`);
        const overflow = Number(await p.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
        assert.ok(overflow <= 1, `${url} fits ${width} px (overflows by ${overflow})`);
      }
      await screenshot(p, `account-signed-in-${width}`);
      await checked.close();
    }
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
