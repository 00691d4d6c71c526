// The buy flow in Stripe mode: the official client pointed at a local Stripe-compatible server, webhooks signed with Stripe's scheme.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { A, C } from '../../../snapshots/demo/investigations/all.js';
import {
  SECRET_KEY,
  WEBHOOK_SECRET,
  signWebhook,
  startFakeStripe,
  text,
  type FakeStripe,
  type FormObject,
} from '../../helpers/stripe-server.js';
import { getJson, investigationsOnly, postJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Checkout {
  session_id: string;
  checkout_url: string;
  amount: number;
  tier: string;
  cluster_id: string;
  mode: string;
}
interface ErrorBody {
  error: { code: string; message: string; param?: string };
}

let stripe: FakeStripe;
let server: TestServer;
before(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer(investigationsOnly(), {
    env: {
      UNSHELL_STRIPE_SECRET_KEY: SECRET_KEY,
      UNSHELL_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      UNSHELL_STRIPE_API_BASE: stripe.base,
      UNSHELL_PUBLIC_URL: 'https://unshell.example.org',
    },
  });
});
after(async () => {
  await server.stop();
  await stripe.close();
});

const api = (path: string): string => `${server.base}/api/public${path}`;

/** The Stripe session our checkout opened, found by its metadata. */
function stripeSessionOf(sessionId: string): string {
  const found = [...stripe.sessions.values()].find((s) => s.metadata.session_id === sessionId);
  assert.ok(found, `a Stripe session carries ${sessionId}`);
  return found.id;
}

async function webhook(
  payload: string,
  signature: string | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.base}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const claim = (sessionId: string) =>
  postJson<{ access_token: string; tier: string } & ErrorBody>(api(`/checkout/${sessionId}/claim`), '');

describe('paid dossier with Stripe Checkout', () => {
  it('says so in the price list', async () => {
    assert.equal((await getJson<{ payment_mode: string }>(api('/pricing'))).body.payment_mode, 'stripe');
  });

  it('opens a Stripe Checkout session in payment mode with the entity and tier in its metadata', async () => {
    const res = await postJson<Checkout>(api('/checkout'), { entity_id: A.ofacRecord, tier: 'enhanced' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.mode, 'stripe');
    const csId = stripeSessionOf(res.body.session_id);
    assert.equal(res.body.checkout_url, `https://checkout.stripe.com/c/pay/${csId}`);
    const form = stripe.creates.at(-1) as FormObject;
    const item = (form.line_items as FormObject)['0'] as FormObject;
    const price = item.price_data as FormObject;
    assert.equal(form.mode, 'payment');
    assert.equal(price.currency, 'eur');
    assert.equal(price.unit_amount, '9900');
    assert.equal(item.quantity, '1');
    assert.match(text((price.product_data as FormObject).name), /Enhanced/);
    assert.deepEqual(form.metadata, {
      session_id: res.body.session_id,
      entity_id: A.ofacRecord,
      cluster_id: res.body.cluster_id,
      tier: 'enhanced',
    });
    assert.equal(form.client_reference_id, res.body.session_id);
    assert.equal(form.success_url, `https://unshell.example.org/checkout/complete/${res.body.session_id}`);
    assert.equal(form.cancel_url, `https://unshell.example.org/checkout/cancelled/${res.body.session_id}`);
  });

  it('marks a session paid on a signed checkout.session.completed webhook; claim then works, twice the same', async () => {
    const c = (await postJson<Checkout>(api('/checkout'), { entity_id: A.ukProperty, tier: 'standard' })).body;
    assert.equal((await claim(c.session_id)).status, 402);
    const payload = stripe.completedEvent(stripeSessionOf(c.session_id));
    const delivered = await webhook(payload, signWebhook(payload));
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    assert.deepEqual(delivered.body, { received: true, session_id: c.session_id, account_event: 'ignored' });
    // The fake's own session is still unpaid: only the webhook can have paid ours.
    const first = await claim(c.session_id);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.tier, 'standard');
    const again = await claim(c.session_id);
    assert.equal(again.body.access_token, first.body.access_token);
    const d = await getJson<{ report: { tier: string } | null }>(
      api(`/dossier/${A.ukProperty}?access_token=${first.body.access_token}`),
    );
    assert.equal(d.body.report?.tier, 'standard');
    // A second delivery of the same event (Stripe retries) changes nothing.
    assert.equal((await webhook(payload, signWebhook(payload))).status, 200);
    assert.equal((await claim(c.session_id)).body.access_token, first.body.access_token);
  });

  it('rejects a webhook with a bad or missing signature, and the session stays unpaid', async () => {
    const c = (await postJson<Checkout>(api('/checkout'), { entity_id: C.ukSubsidiary, tier: 'standard' })).body;
    const payload = stripe.completedEvent(stripeSessionOf(c.session_id));
    const forged = await webhook(payload, signWebhook(payload, 'whsec_someone_else'));
    assert.equal(forged.status, 400);
    assert.equal((forged.body as unknown as ErrorBody).error.code, 'invalid_parameter');
    const altered = await webhook(payload.replace('"complete"', '"completE"'), signWebhook(payload));
    assert.equal(altered.status, 400);
    const missing = await webhook(payload, null);
    assert.equal(missing.status, 400);
    assert.equal((missing.body as unknown as ErrorBody).error.code, 'missing_parameter');
    const still = await claim(c.session_id);
    assert.equal(still.status, 402);
    assert.equal(still.body.error.code, 'payment_required');
  });

  it('ignores signed events that pay none of its sessions', async () => {
    const c = (await postJson<Checkout>(api('/checkout'), { entity_id: C.ukSubsidiary, tier: 'standard' })).body;
    const event = JSON.parse(stripe.completedEvent(stripeSessionOf(c.session_id))) as {
      type: string;
      data: { object: { metadata: Record<string, string> } };
    };
    event.data.object.metadata.session_id = 'chk_of_another_system';
    const foreign = JSON.stringify(event);
    assert.deepEqual((await webhook(foreign, signWebhook(foreign))).body, {
      received: true,
      session_id: null,
      account_event: 'ignored',
    });
    event.type = 'checkout.session.expired';
    const other = JSON.stringify(event);
    assert.deepEqual((await webhook(other, signWebhook(other))).body, {
      received: true,
      session_id: null,
      account_event: 'ignored',
    });
    assert.equal((await claim(c.session_id)).status, 402);
  });

  it('confirms with Stripe directly when a claim arrives before any webhook', async () => {
    const c = (await postJson<Checkout>(api('/checkout'), { entity_id: A.ukManagement, tier: 'enhanced' })).body;
    assert.equal((await claim(c.session_id)).status, 402);
    stripe.pay(stripeSessionOf(c.session_id));
    const claimed = await claim(c.session_id);
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.equal(claimed.body.tier, 'enhanced');
  });

  it('serves no test-mode page when Stripe takes the payments', async () => {
    const c = (await postJson<Checkout>(api('/checkout'), { entity_id: A.ukProperty, tier: 'standard' })).body;
    assert.equal((await fetch(`${server.base}/checkout/test/${c.session_id}`)).status, 404);
    assert.equal((await fetch(`${server.base}/checkout/test/${c.session_id}/pay`, { method: 'POST' })).status, 404);
    assert.equal((await claim(c.session_id)).status, 402);
    const back = await fetch(`${server.base}/checkout/complete/${c.session_id}`);
    assert.equal(back.status, 200);
    assert.doesNotMatch(await back.text(), /TEST MODE/);
  });
});
