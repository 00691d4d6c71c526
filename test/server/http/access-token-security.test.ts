// Security of the paid dossier over REST: forged, expired, other-entity and altered tokens are each 403 invalid_access_token.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signToken } from '../../../engine/app/billing/access-token.js';
import { A, B } from '../../../snapshots/demo/investigations/all.js';
import { getJson, investigationsOnly, postJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const SECRET = 'the-server-secret-for-this-test-only-0123456789';

interface Dossier {
  report: { tier: string } | null;
  error?: { code: string; message: string; param?: string };
}

let server: TestServer;
let token: string;
let clusterId: string;

before(async () => {
  server = await startTestServer(investigationsOnly(), { env: { UNSHELL_TOKEN_SECRET: SECRET } });
  const c = (
    await postJson<{ session_id: string; checkout_url: string; cluster_id: string }>(
      `${server.base}/api/public/checkout`,
      { entity_id: A.ukProperty, tier: 'standard' },
    )
  ).body;
  clusterId = c.cluster_id;
  assert.equal((await fetch(`${c.checkout_url}/pay`, { method: 'POST' })).status, 200);
  token = (await postJson<{ access_token: string }>(`${server.base}/api/public/checkout/${c.session_id}/claim`, ''))
    .body.access_token;
});
after(() => server.stop());

async function dossier(id: string, accessToken: string): Promise<{ status: number; body: Dossier }> {
  return getJson<Dossier>(
    `${server.base}/api/public/dossier/${encodeURIComponent(id)}?access_token=${encodeURIComponent(accessToken)}`,
  );
}

function assertRefused(res: { status: number; body: Dossier }, why: RegExp): void {
  assert.equal(res.status, 403, JSON.stringify(res.body).slice(0, 200));
  assert.equal(res.body.error?.code, 'invalid_access_token');
  assert.equal(res.body.error.param, 'access_token');
  assert.match(res.body.error.message, why);
}

describe('access tokens over REST', () => {
  it('the genuine token unlocks the report', async () => {
    assert.equal((await dossier(A.ukProperty, token)).body.report?.tier, 'standard');
  });

  it('a forged token (signed with another secret) is 403', async () => {
    const forged = signToken(Buffer.from('an-attacker-guess-at-the-secret-0123456789'), {
      clusterId,
      tier: 'enhanced',
      expiresAt: new Date(Date.now() + 86_400_000),
      grantId: 'gr_forged',
    });
    assertRefused(await dossier(A.ukProperty, forged), /signature/);
  });

  it('an expired token is 403, though correctly signed', async () => {
    const expired = signToken(Buffer.from(SECRET), {
      clusterId,
      tier: 'standard',
      expiresAt: new Date(Date.now() - 1000),
      grantId: 'gr_old',
    });
    assertRefused(await dossier(A.ukProperty, expired), /expired/);
  });

  it('a token for another entity is 403, and so is the other entity asked with this one', async () => {
    assertRefused(await dossier(B.agent, token), /another entity/);
    assertRefused(await dossier(A.cyprusHolding, token), /another entity/);
  });

  it('an altered payload (tier raised, or cluster swapped) under the original signature is 403', async () => {
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const change of [
      { t: 'enhanced' },
      { c: B.agent },
      { e: Math.floor(Date.now() / 1000) + 10 * 365 * 86_400 },
    ]) {
      const altered = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
      assertRefused(await dossier(A.ukProperty, `${altered}.${signature}`), /signature/);
    }
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    assertRefused(await dossier(A.ukProperty, `${payload}.${flipped}`), /signature/);
  });

  it('the printable report refuses the same tokens, and a header token is checked like a query one', async () => {
    const res = await getJson<Dossier>(
      `${server.base}/api/public/dossier/${A.ukProperty}/report.html?access_token=garbage`,
    );
    assert.equal(res.status, 403);
    const header = await getJson<Dossier>(`${server.base}/api/public/dossier/${B.agent}`, {
      headers: { 'x-access-token': token },
    });
    assertRefused(header, /another entity/);
  });

  it('an unknown entity is 404 before any token is looked at', async () => {
    const res = await dossier('demo:no-such-entity', token);
    assert.equal(res.status, 404);
  });
});
