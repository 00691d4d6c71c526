// The payment service on its own: sessions and grants shared across processes' instances, expiries, the token lifetime.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig, type Config } from '../../../../engine/app/config.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { PaymentService } from '../../../../engine/app/billing/payment-service.js';
import { tempDir } from '../../../helpers/snapshot.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';

const DAY = 86_400_000;
const t0 = new Date('2026-03-01T10:00:00Z');
const order = (tier: 'standard' | 'enhanced' = 'standard') => ({
  entityId: 'ofac:9900001',
  entityName: 'Volkhonsky',
  clusterId: 'demo:p-volkhonsky',
  tier,
  now: t0,
});

const code =
  (expected: string) =>
  (err: unknown): boolean =>
    err instanceof ServiceError && err.code === expected;

describe('PaymentService (test mode)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let config: Config;
  before(() => {
    tmp = tempDir('payments');
    config = loadConfig(
      { dataDir: tmp.dir },
      { UNSHELL_TOKEN_LIFETIME_DAYS: '2', UNSHELL_PUBLIC_URL: 'http://pages.example' },
    );
  });
  after(() => tmp.remove());

  it('shares sessions and payments between two instances on one data dir (a server and an MCP process)', async () => {
    const server = PaymentService.open(config, new FileStateLogs(config.dataDir));
    const mcp = PaymentService.open(config, new FileStateLogs(config.dataDir));
    try {
      const opened = await mcp.checkout(order());
      assert.equal(opened.checkout_url, `http://pages.example/checkout/test/${opened.session_id}`);
      server.payInTestMode(opened.session_id, t0);
      const a = await mcp.claim(opened.session_id, t0);
      const b = await server.claim(opened.session_id, new Date(t0.getTime() + 1000));
      assert.deepEqual(a, b, 'one grant, one token, whoever claims');
      assert.equal(a.cluster_id, 'demo:p-volkhonsky');
      assert.equal(server.unlock(a.access_token, 'demo:p-volkhonsky', t0), 'standard');
    } finally {
      server.close();
      mcp.close();
    }
  });

  it('gives tokens the configured lifetime, and refuses them and their claim once it is over', async () => {
    const s = PaymentService.open(config, new FileStateLogs(config.dataDir));
    try {
      const opened = await s.checkout(order('enhanced'));
      s.payInTestMode(opened.session_id, t0);
      const claimed = await s.claim(opened.session_id, t0);
      assert.equal(claimed.expires_at, new Date(t0.getTime() + 2 * DAY).toISOString());
      const later = new Date(t0.getTime() + 2 * DAY);
      assert.throws(() => s.unlock(claimed.access_token, claimed.cluster_id, later), code('invalid_access_token'));
      await assert.rejects(s.claim(opened.session_id, later), code('invalid_access_token'));
    } finally {
      s.close();
    }
  });

  it('lets a session expire unpaid: no payment on the page, and a claim says so', async () => {
    const s = PaymentService.open(config, new FileStateLogs(config.dataDir));
    try {
      const opened = await s.checkout(order());
      const later = new Date(new Date(opened.expires_at).getTime() + 1);
      assert.throws(() => s.payInTestMode(opened.session_id, later), code('payment_required'));
      await assert.rejects(
        s.claim(opened.session_id, later),
        (err: unknown) => code('payment_required')(err) && /expired unpaid/.test((err as Error).message),
      );
      assert.throws(() => s.payInTestMode('chk_unknown', t0), code('not_found'));
    } finally {
      s.close();
    }
  });

  it('keeps everything across a reopen of the data dir', async () => {
    const first = PaymentService.open(config, new FileStateLogs(config.dataDir));
    const opened = await first.checkout(order());
    first.payInTestMode(opened.session_id, t0);
    const token = (await first.claim(opened.session_id, t0)).access_token;
    first.close();
    const second = PaymentService.open(config, new FileStateLogs(config.dataDir));
    try {
      assert.equal((await second.claim(opened.session_id, t0)).access_token, token);
    } finally {
      second.close();
    }
  });
});
