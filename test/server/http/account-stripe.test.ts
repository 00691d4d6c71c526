// What accounts buy, through Stripe: the official client pointed at the project's Stripe-compatible server, every
// change arriving as a webhook signed with Stripe's scheme. A pack's payment, a plan's subscription from its start to
// its end, a renewal's invoice, a refund; a replayed, stale or badly signed delivery changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import type { ErrorBody } from '../../../engine/errors/service-error.js';
import { signedInAccount, type SignedIn } from '../../helpers/account-session.js';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import { getJson, investigationsOnly, postJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';
import {
  SECRET_KEY,
  WEBHOOK_SECRET,
  signWebhook,
  startFakeStripe,
  text,
  type FakeStripe,
  type FormObject,
} from '../../helpers/stripe-server.js';

interface Purchase {
  purchase_id: string;
  checkout_url: string;
  mode: string;
}
interface Dossiers {
  allowances: Array<{ tier: string; left: number; from: string }>;
  purchases: Array<{ purchase_id: string; status: string }>;
}
interface AccountAnswer {
  account: {
    plan: { name: string };
    subscription: { plan: string; status: string; cancel_at_period_end: boolean; period_end: string } | null;
  };
}

describe('accounts buying through Stripe', () => {
  let stripe: FakeStripe;
  let sink: SmtpSink;
  let server: TestServer;
  let me: SignedIn;
  let key: string;
  const api = (): string => `${server.base}/api/account`;
  const withKey = (): { headers: Record<string, string> } => ({ headers: { authorization: `Bearer ${key}` } });
  const deliver = async (
    payload: string,
    signature = signWebhook(payload),
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${server.base}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** The Stripe checkout session a purchase opened, by its metadata. */
  const sessionOf = (purchaseId: string): string => {
    const found = [...stripe.sessions.values()].find((s) => s.metadata['purchase_id'] === purchaseId);
    assert.ok(found, `a Stripe session carries ${purchaseId}`);
    return found.id;
  };
  const account = async (): Promise<AccountAnswer['account']> =>
    (await getJson<AccountAnswer>(api(), withKey())).body.account;
  const limit = async (): Promise<string | null> =>
    (await getJson(`${server.base}/api/public/stats`, withKey())).headers.get('ratelimit-limit');

  before(async () => {
    stripe = await startFakeStripe();
    sink = await startSmtpSink();
    server = await startTestServer(investigationsOnly(), {
      env: {
        UNSHELL_SMTP_URL: sink.url,
        UNSHELL_STRIPE_SECRET_KEY: SECRET_KEY,
        UNSHELL_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        UNSHELL_STRIPE_API_BASE: stripe.base,
      },
    });
    me = await signedInAccount(server.base, sink, 'sam@example.org');
    key = (await postJson<{ key: string }>(`${api()}/keys`, { name: 'desk' }, me.changing)).body.key;
  });
  after(async () => {
    await server?.stop();
    await stripe?.close();
    await sink?.stop();
  });

  it('sells a pack as a Stripe payment, adds its unlocks once the webhook says it is paid, and takes them back on refund', async () => {
    const bought = await postJson<Purchase>(`${api()}/checkout`, { pack: 'enhanced-10' }, me.changing);
    assert.equal(bought.status, 201);
    assert.match(bought.body.checkout_url, /^https:\/\/checkout\.stripe\.com\//);
    const form = stripe.creates.at(-1) as FormObject;
    const item = (form.line_items as FormObject)['0'] as FormObject;
    const price = item.price_data as FormObject;
    assert.deepEqual([text(form.mode), text(price.unit_amount), text(price.currency)], ['payment', '79000', 'eur']);

    const session = sessionOf(bought.body.purchase_id);
    const early = await deliver(
      stripe.completedEvent(session).replace('"payment_status": "paid"', '"payment_status": "unpaid"'),
    );
    assert.equal(early.body['account_event'], 'ignored', 'an unpaid checkout adds nothing');
    stripe.pay(session);
    const completed = stripe.completedEvent(session);
    assert.equal((await deliver(completed)).body['account_event'], 'applied');
    assert.equal((await deliver(completed)).body['account_event'], 'duplicate', 'a delivery repeated is applied once');
    const held = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.deepEqual(
      held.body.allowances.map((a) => [a.tier, a.left, a.from]),
      [['enhanced', 10, 'pack']],
    );

    // Forged, badly signed or stale deliveries are refused and change nothing.
    const forged = stripe.completedEvent(session);
    assert.equal((await deliver(forged, signWebhook(forged, 'whsec_not_the_secret'))).status, 400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: forged,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const refused = await deliver(forged, stale);
    assert.equal(refused.status, 400);
    assert.match(String((refused.body['error'] as ErrorBody['error']).message), /Timestamp outside the tolerance zone/);

    await postJson(`${api()}/dossiers/gb-coh:99000001/unlock`, {}, me.changing);
    const paymentIntent = stripe.sessions.get(session)?.payment_intent ?? '';
    const partial = await deliver(
      stripe.event('charge.refunded', { id: 'ch_0', object: 'charge', payment_intent: paymentIntent, refunded: false }),
    );
    assert.equal(partial.body['account_event'], 'ignored', 'a partial refund keeps the unlocks');
    const refund = await deliver(
      stripe.event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: paymentIntent, refunded: true }),
    );
    assert.equal(refund.body['account_event'], 'applied');
    const after = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.deepEqual(after.body.allowances, [], 'the 9 unused unlocks are taken back');
    const report = await getJson<{ report: unknown }>(`${server.base}/api/public/dossier/gb-coh:99000001`, withKey());
    assert.ok(report.body.report !== null, 'the one spent stays unlocked');
  });

  it('subscribes through Stripe: the plan starts with the webhook, renews with its invoice, and ends when Stripe ends it', async () => {
    const bought = await postJson<Purchase>(`${api()}/checkout`, { plan: 'team' }, me.changing);
    assert.equal(bought.status, 201);
    const form = stripe.creates.at(-1) as FormObject;
    const price = ((form.line_items as FormObject)['0'] as FormObject).price_data as FormObject;
    assert.equal(text(form.mode), 'subscription');
    assert.deepEqual([text(price.unit_amount), text((price.recurring as FormObject).interval)], ['79000', 'month']);
    // The metered price rides along, made once on the credits meter and found again by its lookup key after that.
    const metered = text(((form.line_items as FormObject)['1'] as FormObject).price);
    const made = stripe.prices.get(metered);
    assert.equal(made?.lookup_key, 'unshell_metered_credits');
    assert.ok(made?.recurring.meter.startsWith('mtr_'));
    const session = sessionOf(bought.body.purchase_id);
    stripe.pay(session);
    assert.equal((await deliver(stripe.completedEvent(session))).body['account_event'], 'applied');
    assert.equal((await account()).plan.name, 'team');
    assert.equal(await limit(), '600');
    const subscription = stripe.subscriptions.get(stripe.sessions.get(session)?.subscription ?? '');
    assert.ok(subscription !== undefined);
    assert.equal(
      (await account()).subscription?.period_end,
      new Date(subscription.current_period_end * 1000).toISOString(),
    );

    // A renewal: the invoice of the next period is paid, and its 20 enhanced reports are added.
    const next = { start: subscription.current_period_end, end: subscription.current_period_end + 30 * 86_400 };
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: { object: 'list', data: [{ id: 'il_1', period: next }] },
    };
    assert.equal((await deliver(stripe.event('invoice.paid', invoice))).body['account_event'], 'applied');
    const renewed = await account();
    assert.equal(renewed.subscription?.period_end, new Date(next.end * 1000).toISOString());
    const held = await getJson<Dossiers>(`${api()}/dossiers`, withKey());
    assert.deepEqual(
      held.body.allowances.filter((a) => a.from === 'plan').map((a) => [a.tier, a.left]),
      [
        ['enhanced', 20],
        ['enhanced', 20],
      ],
    );
    assert.equal((await deliver(stripe.event('invoice.payment_failed', invoice))).body['account_event'], 'applied');
    assert.equal((await account()).subscription?.status, 'past_due');

    const portal = await postJson<{ url: string }>(`${api()}/portal`, {}, me.changing);
    assert.equal(portal.status, 200);
    assert.match(portal.body.url, /^https:\/\/billing\.stripe\.com\//);

    // Switched to analyst in the customer portal, and back: the portal's prices name their plan by lookup key.
    const switched = (plan: string): object => ({
      ...subscription,
      items: {
        ...subscription.items,
        data: [{ ...subscription.items.data[0], price: { id: `price_${plan}`, lookup_key: `unshell_plan_${plan}` } }],
      },
    });
    await deliver(stripe.event('customer.subscription.updated', switched('analyst')));
    assert.equal((await account()).plan.name, 'analyst');
    await deliver(stripe.event('customer.subscription.updated', switched('team')));
    assert.equal((await account()).plan.name, 'team');

    // Two more keys, as the team plan allows.
    const extra = [];
    for (const name of ['second', 'third']) {
      const made = await postJson<{ key: string }>(`${api()}/keys`, { name }, me.changing);
      assert.equal(made.status, 201);
      extra.push(made.body.key);
    }

    // Cancelled from the account: Stripe is told (so it does not charge again), then says so itself.
    const cancelled = await postJson<{ cancel_at_period_end: boolean }>(
      `${api()}/subscription/cancel`,
      {},
      me.changing,
    );
    assert.equal(cancelled.status, 200);
    assert.equal(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end, true, 'cancelled at Stripe');
    const cancelling = { ...subscription, status: 'active', cancel_at_period_end: true };
    await deliver(stripe.event('customer.subscription.updated', cancelling));
    assert.deepEqual(
      [(await account()).subscription?.cancel_at_period_end, (await account()).plan.name],
      [true, 'team'],
    );
    await deliver(stripe.event('customer.subscription.deleted', { ...cancelling, status: 'canceled' }));
    assert.deepEqual([(await account()).subscription?.status, (await account()).plan.name], ['canceled', 'free']);
    assert.equal(await limit(), '300', 'back to the free plan');
    // The free plan holds one key: the oldest keeps working, the others are refused until revoked.
    for (const k of extra) {
      const r = await getJson<ErrorBody>(`${server.base}/api/public/stats`, {
        headers: { authorization: `Bearer ${k}` },
      });
      assert.equal(r.status, 401);
      assert.match(r.body.error.message, /beyond the 1 active key of its account's free plan/);
    }
    // A renewal's invoice delivered late, after the end, brings back nothing.
    const late = await deliver(stripe.event('invoice.paid', invoice));
    assert.equal(late.body['account_event'], 'ignored');
    assert.equal((await account()).plan.name, 'free');

    // A subscription this server did not sell is ignored.
    const foreign = {
      ...subscription,
      id: 'sub_elsewhere',
      metadata: { purchase_id: 'buy_elsewhere', account: 'acct_x' },
    };
    assert.equal(
      (await deliver(stripe.event('customer.subscription.updated', foreign))).body['account_event'],
      'ignored',
    );
  });

  it('cancels the Stripe subscription of an account that is deleted', async () => {
    const leaving = await signedInAccount(server.base, sink, 'leaving@example.org');
    const bought = await postJson<Purchase>(`${api()}/checkout`, { plan: 'analyst' }, leaving.changing);
    const session = sessionOf(bought.body.purchase_id);
    stripe.pay(session);
    await deliver(stripe.completedEvent(session));
    const subscriptionId = stripe.sessions.get(session)?.subscription ?? '';
    assert.equal(stripe.subscriptions.get(subscriptionId)?.status, 'active');
    const gone = await fetch(api(), {
      method: 'DELETE',
      headers: { ...leaving.changing, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a long enough passphrase' }),
    });
    assert.equal(gone.status, 200);
    assert.equal(stripe.subscriptions.get(subscriptionId)?.status, 'canceled', 'no more charges after deletion');
  });
});
