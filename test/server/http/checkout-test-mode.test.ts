// The buy flow over REST in test mode, against a real server: pricing, checkout, the test page, pay, claim, the unlocked dossier.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { A, B } from '../../../snapshots/demo/investigations/all.js';
import { getJson, investigationsOnly, postJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Checkout {
  session_id: string;
  checkout_url: string;
  amount: number;
  currency: string;
  tier: string;
  entity_id: string;
  cluster_id: string;
  expires_at: string;
  mode: string;
}
interface Claim {
  access_token: string;
  entity_id: string;
  cluster_id: string;
  tier: string;
  expires_at: string;
}
interface Dossier {
  entity: { id: string; cluster_id: string };
  report: { tier: string; screening: unknown[] | null } | null;
  locked: string[];
}
interface ErrorBody {
  error: { code: string; message: string; param?: string };
}

let server: TestServer;
before(async () => {
  server = await startTestServer(investigationsOnly());
});
after(() => server.stop());

const api = (path: string): string => `${server.base}/api/public${path}`;

/** What a buyer's browser does: open the page, then press its pay button (a form POST). */
async function payOnTestPage(checkoutUrl: string): Promise<string> {
  const page = await fetch(checkoutUrl);
  assert.equal(page.status, 200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  assert.ok(action, 'the test page has a pay form');
  const paid = await fetch(new URL(action, checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  assert.equal(paid.status, 200);
  return paid.text();
}

describe('paid dossier over REST, test mode', () => {
  it('prices the two tiers in EUR with the buy flow, for 0 credits', async () => {
    const res = await getJson<{
      currency: string;
      payment_mode: string;
      dossiers: { tier: string; price: number; contains: string[] }[];
      buy_flow: { tool: string }[];
      packs: unknown[];
      subscriptions: unknown[];
      metered_api: unknown;
    }>(api('/pricing'));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-credits-cost'), '0');
    assert.equal(res.body.currency, 'EUR');
    assert.equal(res.body.payment_mode, 'test');
    assert.deepEqual(
      res.body.dossiers.map((d) => [d.tier, d.price]),
      [
        ['standard', 39],
        ['enhanced', 99],
      ],
    );
    const [standard, enhanced] = res.body.dossiers;
    assert.ok(standard && enhanced);
    assert.ok(
      standard.contains.every((c) => enhanced.contains.includes(c)),
      'enhanced contains everything standard does',
    );
    assert.ok(
      enhanced.contains.some((c) => /two relationships/.test(c)) && enhanced.contains.some((c) => /printable/.test(c)),
    );
    assert.deepEqual(
      res.body.buy_flow.map((s) => s.tool),
      ['get_pricing', 'search_entities', 'buy_dossier', '(none)', 'claim_dossier', 'get_dossier'],
    );
    assert.ok(res.body.packs.length > 0 && res.body.subscriptions.length > 0 && res.body.metered_api !== undefined);
  });

  it('sells a report end to end: checkout → test page → pay → claim → dossier with report, claim idempotent', async () => {
    const opened = await postJson<Checkout>(api('/checkout'), { entity_id: A.ofacRecord, tier: 'standard' });
    assert.equal(opened.status, 201);
    const c = opened.body;
    assert.equal(c.amount, 39);
    assert.equal(c.currency, 'EUR');
    assert.equal(c.mode, 'test');
    assert.equal(c.entity_id, A.ofacRecord);
    assert.match(c.session_id, /^chk_[A-Za-z0-9_-]{32}$/);
    assert.ok(new Date(c.expires_at).getTime() > Date.now());
    assert.ok(c.checkout_url.startsWith(`${server.base}/checkout/test/`), c.checkout_url);

    const before = await postJson<ErrorBody>(api(`/checkout/${c.session_id}/claim`), '');
    assert.equal(before.status, 402);
    assert.equal(before.body.error.code, 'payment_required');

    const page = await (await fetch(c.checkout_url)).text();
    assert.match(page, /TEST MODE/);
    assert.match(page, /no real payment/);
    assert.match(page, /39 EUR/);
    const receipt = await payOnTestPage(c.checkout_url);
    assert.match(receipt, /TEST MODE/);
    assert.match(receipt, /claim/);

    const first = await postJson<Claim>(api(`/checkout/${c.session_id}/claim`), '');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.tier, 'standard');
    assert.equal(first.body.entity_id, A.ofacRecord);
    assert.equal(first.body.cluster_id, c.cluster_id);
    const days = (new Date(first.body.expires_at).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `token lifetime ${days} days`);
    const again = await postJson<Claim>(api(`/checkout/${c.session_id}/claim`), {});
    assert.deepEqual(again.body, first.body, 'claiming twice gives the same grant and token');

    // The token unlocks every member of the cluster: the id bought, and the person record it was resolved with.
    for (const id of [A.ofacRecord, A.beneficialOwner]) {
      const d = await getJson<Dossier>(
        api(`/dossier/${encodeURIComponent(id)}?access_token=${first.body.access_token}`),
      );
      assert.equal(d.status, 200, JSON.stringify(d.body).slice(0, 300));
      assert.equal(d.body.report?.tier, 'standard');
      assert.equal(d.body.report?.screening, null);
      assert.deepEqual(d.body.locked, []);
    }
    const viaHeader = await getJson<Dossier>(api(`/dossier/${encodeURIComponent(A.ofacRecord)}`), {
      headers: { 'x-access-token': first.body.access_token },
    });
    assert.equal(viaHeader.body.report?.tier, 'standard');
    const free = await getJson<Dossier>(api(`/dossier/${encodeURIComponent(A.ofacRecord)}`));
    assert.equal(free.body.report, null);
    assert.ok(free.body.locked.length > 0);
  });

  it('gives the enhanced tier its two-hop screening and the printable document; a standard token gets no document', async () => {
    const c = (await postJson<Checkout>(api('/checkout'), { entity_id: A.ukProperty, tier: 'enhanced' })).body;
    assert.equal(c.amount, 99);
    await payOnTestPage(c.checkout_url);
    const token = (await postJson<Claim>(api(`/checkout/${c.session_id}/claim`), '')).body.access_token;
    const d = await getJson<Dossier>(api(`/dossier/${A.ukProperty}?access_token=${token}`));
    assert.equal(d.body.report?.tier, 'enhanced');
    assert.ok(Array.isArray(d.body.report?.screening) && d.body.report.screening.length > 0);

    const doc = await fetch(api(`/dossier/${A.ukProperty}/report.html?access_token=${token}`));
    assert.equal(doc.status, 200);
    assert.match(doc.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await doc.text(), /<html/i);

    const s = (await postJson<Checkout>(api('/checkout'), { entity_id: A.ukManagement, tier: 'standard' })).body;
    await payOnTestPage(s.checkout_url);
    const standard = (await postJson<Claim>(api(`/checkout/${s.session_id}/claim`), '')).body.access_token;
    const refused = await getJson<ErrorBody>(api(`/dossier/${A.ukManagement}/report.html?access_token=${standard}`));
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'invalid_access_token');
    assert.match(refused.body.error.message, /enhanced/);
  });

  it('refuses a checkout for an unknown entity (404) or tier (400), and a claim of an unknown session (404)', async () => {
    const unknown = await postJson<ErrorBody>(api('/checkout'), { entity_id: 'demo:no-such-entity', tier: 'standard' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'not_found');
    const tier = await postJson<ErrorBody>(api('/checkout'), { entity_id: B.agent, tier: 'gold' });
    assert.equal(tier.status, 400);
    assert.equal(tier.body.error.param, 'tier');
    const missing = await postJson<ErrorBody>(api('/checkout'), { tier: 'standard' });
    assert.equal(missing.body.error.code, 'missing_parameter');
    const session = await postJson<ErrorBody>(api('/checkout/chk_unknown/claim'), '');
    assert.equal(session.status, 404);
    assert.equal(session.body.error.code, 'not_found');
    const page = await fetch(`${server.base}/checkout/test/chk_unknown`);
    assert.equal(page.status, 404);
  });

  it('opens a new, unguessable session on every checkout', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++)
      ids.add((await postJson<Checkout>(api('/checkout'), { entity_id: B.agent, tier: 'standard' })).body.session_id);
    assert.equal(ids.size, 5);
  });
});
