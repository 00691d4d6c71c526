// What an account buys, over real HTTP in test mode: a pack through the checkout page adds unlocks, an unlock opens
// an entity's report to the account's key and session with no token, a plan changes the keys' limits; all of it
// still there after a restart.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ErrorBody } from '../../../engine/errors/service-error.js';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { signedInAccount, type SignedIn } from '../../helpers/account-session.js';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import {
  buildTestSnapshot,
  getJson,
  investigationsOnly,
  postJson,
  serveOn,
  tempDir,
  type TestServer,
} from '../../helpers/snapshot.js';

interface Purchase {
  purchase_id: string;
  kind: string;
  amount: number;
  checkout_url: string;
  status: string;
  mode: string;
}
interface Dossiers {
  dossiers: Array<{ entity_id: string; cluster_id: string; tier: string }>;
  allowances: Array<{ tier: string; left: number; from: string; expires_at: string | null }>;
  purchases: Purchase[];
}

/** Pays a test-mode checkout as its page's button does. */
async function payOnPage(checkoutUrl: string): Promise<void> {
  const page = await fetch(checkoutUrl);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /TEST MODE/);
  const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST' });
  assert.equal(paid.status, 200);
  assert.match(await paid.text(), /Paid\. <a href="\/account">/);
}

describe('packs, unlocks and plans bought by an account', () => {
  const t = tempDir('account-billing');
  const snapshot = path.join(t.dir, 'snapshot');
  const dataDir = path.join(t.dir, 'data');
  let sink: SmtpSink;
  let server: TestServer;
  let me: SignedIn;
  let key: string;
  let entity: string;
  const api = (): string => `${server.base}/api/account`;
  const withKey = (): { headers: Record<string, string> } => ({ headers: { authorization: `Bearer ${key}` } });

  before(async () => {
    sink = await startSmtpSink();
    await buildTestSnapshot(snapshot, investigationsOnly());
    server = await serveOn(snapshot, dataDir, { env: { UNSHELL_SMTP_URL: sink.url } });
    me = await signedInAccount(server.base, sink, 'pat@example.org');
    key = (await postJson<{ key: string }>(`${api()}/keys`, { name: 'desk' }, me.changing)).body.key;
    entity = A.ukProperty;
  });
  after(async () => {
    await server?.stop();
    await sink?.stop();
    t.remove();
  });

  it('sells what get_pricing lists, at its prices, with the calls that buy each', async () => {
    const pricing = await getJson<{
      packs: Array<{ id: string; price: number; how_to_buy: string }>;
      subscriptions: Array<{ plan: string; price_per_month: number; keys: number; how_to_buy: string }>;
      metered_api: { price_per_1000_credits: number; how_to_buy: string };
    }>(`${server.base}/api/public/pricing`);
    assert.deepEqual(
      pricing.body.packs.map((p) => [p.id, p.price]),
      [
        ['standard-10', 290],
        ['enhanced-10', 790],
      ],
    );
    assert.deepEqual(
      pricing.body.subscriptions.map((p) => [p.plan, p.price_per_month, p.keys]),
      [
        ['analyst', 199, 1],
        ['team', 790, 5],
      ],
    );
    for (const item of [...pricing.body.packs, ...pricing.body.subscriptions, pricing.body.metered_api])
      assert.match(
        item.how_to_buy,
        /POST http:\/\/127\.0\.0\.1:\d+\/api\/account\/(checkout|metering) \{/,
        item.how_to_buy,
      );
    assert.doesNotMatch(JSON.stringify(pricing.body), /sold by the operator|Not sold through this API/);
  });

  it('turns metered API on and off', async () => {
    const on = await postJson<{ metering: boolean }>(`${api()}/metering`, { enabled: true }, me.changing);
    assert.deepEqual([on.status, on.body.metering], [200, true]);
    const account = await getJson<{ account: { metering: boolean } }>(api(), withKey());
    assert.equal(account.body.account.metering, true);
    const off = await postJson<{ metering: boolean }>(`${api()}/metering`, { enabled: false }, me.changing);
    assert.equal(off.body.metering, false);
    const bad = await postJson<ErrorBody>(`${api()}/metering`, { enabled: 'yes' }, me.changing);
    assert.deepEqual([bad.status, bad.body.error.param], [400, 'enabled']);
  });

  it('refuses an unlock with nothing to spend, and a checkout of something not on the price list', async () => {
    const none = await postJson<ErrorBody>(`${api()}/dossiers/${entity}/unlock`, {}, me.changing);
    assert.deepEqual([none.status, none.body.error.code], [402, 'payment_required']);
    const bad = await postJson<ErrorBody>(`${api()}/checkout`, { pack: 'gold-1000' }, me.changing);
    assert.deepEqual([bad.status, bad.body.error.param], [400, 'pack']);
    assert.match(bad.body.error.message, /standard-10, enhanced-10/);
    const both = await postJson<ErrorBody>(`${api()}/checkout`, { pack: 'standard-10', plan: 'team' }, me.changing);
    assert.equal(both.status, 400);
    const unknown = await postJson<ErrorBody>(`${api()}/dossiers/no-such-entity/unlock`, {}, me.changing);
    assert.equal(unknown.status, 404);
  });

  it('buys a pack at the checkout, then unlocks a report that the key and the session read with no token', async () => {
    const bought = await postJson<Purchase>(`${api()}/checkout`, { pack: 'standard-10' }, me.changing);
    assert.equal(bought.status, 201);
    assert.deepEqual(
      [bought.body.kind, bought.body.amount, bought.body.status, bought.body.mode],
      ['pack', 290, 'open', 'test'],
    );
    assert.ok(bought.body.checkout_url.startsWith(`${server.base}/checkout/test/buy_`));
    await payOnPage(bought.body.checkout_url);

    const held = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.deepEqual(
      held.body.allowances.map((a) => [a.tier, a.left, a.from, a.expires_at]),
      [['standard', 10, 'pack', null]],
    );
    assert.equal(held.body.purchases[0]?.status, 'paid');

    const locked = await getJson<{ report: unknown }>(`${server.base}/api/public/dossier/${entity}`, withKey());
    assert.equal(locked.body.report, null);
    const unlocked = await postJson<{ tier: string; cluster_id: string }>(
      `${api()}/dossiers/${entity}/unlock`,
      {},
      { authorization: `Bearer ${key}` },
    );
    assert.equal(unlocked.status, 200);
    assert.equal(unlocked.body.tier, 'standard');
    const byKey = await getJson<{ report: unknown; locked: unknown[] }>(
      `${server.base}/api/public/dossier/${entity}`,
      withKey(),
    );
    assert.ok(byKey.body.report !== null, 'the key reads the full report');
    const bySession = await getJson<{ report: unknown }>(`${server.base}/api/public/dossier/${entity}`, {
      headers: { cookie: me.cookie },
    });
    assert.ok(bySession.body.report !== null, 'the session reads it too');
    const stranger = await getJson<{ report: unknown }>(`${server.base}/api/public/dossier/${entity}`);
    assert.equal(stranger.body.report, null, 'nobody else does');
    const printable = await getJson<ErrorBody>(`${server.base}/api/public/dossier/${entity}/report.html`, withKey());
    assert.equal(printable.status, 403, 'the printable document comes with the enhanced tier');

    // Unlocking the same cluster again spends nothing.
    await postJson(`${api()}/dossiers/${entity}/unlock`, {}, me.changing);
    const after = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.equal(after.body.allowances[0]?.left, 9);
    assert.deepEqual(
      after.body.dossiers.map((d) => [d.entity_id, d.tier]),
      [[entity, 'standard']],
    );
  });

  it("subscribes to a plan: the key's limits and the account's allowances change, and cancelling keeps them to the period's end", async () => {
    const before = await getJson(`${server.base}/api/public/stats`, withKey());
    assert.equal(before.headers.get('ratelimit-limit'), '300');
    const plan = await postJson<Purchase>(`${api()}/checkout`, { plan: 'analyst' }, me.changing);
    assert.deepEqual([plan.status, plan.body.kind, plan.body.amount], [201, 'plan', 199]);
    await payOnPage(plan.body.checkout_url);

    const account = await getJson<{
      account: {
        plan: { name: string };
        subscription: { plan: string; status: string; cancel_at_period_end: boolean };
      };
    }>(api(), withKey());
    assert.equal(account.body.account.plan.name, 'analyst');
    assert.deepEqual(
      [account.body.account.subscription.plan, account.body.account.subscription.status],
      ['analyst', 'active'],
    );
    const now = await getJson(`${server.base}/api/public/stats`, withKey());
    assert.equal(now.headers.get('ratelimit-limit'), '600', "the plan's limits, at once");
    const held = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.deepEqual(held.body.allowances.map((a) => [a.tier, a.left, a.from]).sort(), [
      ['standard', 5, 'plan'],
      ['standard', 9, 'pack'],
    ]);
    const again = await postJson<ErrorBody>(`${api()}/checkout`, { plan: 'team' }, me.changing);
    assert.deepEqual([again.status, again.body.error.code], [409, 'plan_limit_reached']);

    const cancelled = await postJson<{ cancel_at_period_end: boolean; plan: string }>(
      `${api()}/subscription/cancel`,
      {},
      me.changing,
    );
    assert.equal(cancelled.status, 200);
    assert.deepEqual([cancelled.body.plan, cancelled.body.cancel_at_period_end], ['analyst', true]);
    const still = await getJson(`${server.base}/api/public/stats`, withKey());
    assert.equal(still.headers.get('ratelimit-limit'), '600', 'until the end of the paid period');
  });

  it('keeps every purchase, unlock and the plan across a restart', async () => {
    await server.stop();
    server = await serveOn(snapshot, dataDir, { env: { UNSHELL_SMTP_URL: sink.url } });
    const held = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.equal(held.body.dossiers.length, 1);
    assert.equal(held.body.purchases.length, 2);
    const report = await getJson<{ report: unknown }>(`${server.base}/api/public/dossier/${entity}`, withKey());
    assert.ok(report.body.report !== null);
    const limits = await getJson(`${server.base}/api/public/stats`, withKey());
    assert.equal(limits.headers.get('ratelimit-limit'), '600');
  });
});
