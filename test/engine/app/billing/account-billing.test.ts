// An account's purchases below HTTP, with the clock in the test's hands: periods that renew and end, plan reports
// that lapse, a refund that takes back what was not spent, provider events applied once, a half-written change healed.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { AccountStore } from '../../../../engine/app/accounts/account-store.js';
import { AccountBilling, oneMonthOn } from '../../../../engine/app/billing/account-billing.js';
import { BillingStore } from '../../../../engine/app/billing/billing-store.js';
import { TestPurchaseCheckout } from '../../../../engine/app/billing/test-provider.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { tempDir } from '../../../helpers/snapshot.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';

const day = (iso: string): Date => new Date(`${iso}T12:00:00Z`);

describe('AccountBilling', () => {
  const t = tempDir('billing');
  after(() => t.remove());
  let n = 0;
  const open = (): { billing: AccountBilling; accounts: AccountStore; dir: string } => {
    const dir = `${t.dir}/${++n}`;
    const accounts = AccountStore.open(new FileStateLogs(dir));
    const billing = new AccountBilling(
      new BillingStore(new FileStateLogs(dir)),
      accounts,
      new TestPurchaseCheckout(() => Promise.resolve('http://unshell.test')),
      30,
    );
    return { billing, accounts, dir };
  };

  it('counts a month on as the calendar does, the day clamped to the end of a short month', () => {
    assert.equal(oneMonthOn(day('2026-01-31')).toISOString(), '2026-02-28T12:00:00.000Z');
    assert.equal(oneMonthOn(day('2026-11-26')).toISOString(), '2026-12-26T12:00:00.000Z');
    assert.equal(oneMonthOn(day('2026-12-15')).toISOString(), '2027-01-15T12:00:00.000Z');
  });

  it("renews a test-mode plan each period with that period's reports; unused ones lapse; a cancelled plan ends at its period's end", async () => {
    const { billing, accounts } = open();
    const account = accounts.create('a@example.org', 'hash', day('2026-11-01'));
    const bought = await billing.checkout(account, { plan: 'team' }, day('2026-11-01'));
    assert.equal(bought.checkout_url, `http://unshell.test/checkout/test/${bought.purchase_id}`);
    billing.recordPayment(bought.purchase_id, day('2026-11-01'));
    billing.recordPayment(bought.purchase_id, day('2026-11-02')); // a second confirmation changes nothing
    assert.equal(accounts.byId(account.id)?.plan, 'team');
    const first = billing.dossiers(account, day('2026-11-10')).allowances;
    assert.deepEqual(
      first.map((a) => [a.tier, a.left, a.expires_at]),
      [['enhanced', 20, '2026-12-01T12:00:00.000Z']],
    );

    billing.unlock(account, { clusterId: 'cluster-1', entityId: 'entity-1' }, undefined, day('2026-11-10'));
    // The next period: a new 20, the old period's 19 lapsed.
    const second = billing.dossiers(account, day('2026-12-05')).allowances;
    assert.deepEqual(
      second.map((a) => [a.left, a.expires_at]),
      [[20, '2027-01-01T12:00:00.000Z']],
    );
    assert.equal(billing.subscription(account.id, day('2026-12-05'))?.period_end, '2027-01-01T12:00:00.000Z');

    await billing.cancelAtPeriodEnd(account, day('2026-12-20'));
    assert.equal(accounts.byId(account.id)?.plan, 'team', 'the plan holds to the end of the paid period');
    const ended = billing.subscription(account.id, day('2027-01-02'));
    assert.equal(ended?.status, 'canceled');
    assert.equal(accounts.byId(account.id)?.plan, 'free');
    assert.deepEqual(billing.dossiers(account, day('2027-01-02')).allowances, [], 'no renewal after the end');
    // The unlock spent in November lasted its 30 days.
    assert.equal(billing.unlockedTier(account.id, 'cluster-1', day('2026-12-05')), 'enhanced');
    assert.equal(billing.unlockedTier(account.id, 'cluster-1', day('2026-12-11')), null);
  });

  it('takes back the unused unlocks of a refunded pack, keeps what was spent, and applies a provider event once', async () => {
    const { billing, accounts } = open();
    const account = accounts.create('b@example.org', 'hash', day('2026-11-01'));
    const pack = await billing.checkout(account, { pack: 'enhanced-10' }, day('2026-11-01'));
    billing.recordPayment(pack.purchase_id, day('2026-11-01'), { providerEvent: 'evt_paid' });
    assert.equal(billing.applied('evt_paid'), true);
    billing.unlock(account, { clusterId: 'cluster-2', entityId: 'entity-2' }, 'enhanced', day('2026-11-02'));
    assert.throws(
      () => billing.unlock(account, { clusterId: 'cluster-3', entityId: 'entity-3' }, 'standard', day('2026-11-02')),
      (e: unknown) => e instanceof ServiceError && e.code === 'payment_required',
      'an enhanced pack does not spend as a standard unlock',
    );
    billing.refund(pack.purchase_id, day('2026-11-03'), 'evt_refund');
    assert.deepEqual(billing.dossiers(account, day('2026-11-03')).allowances, []);
    assert.equal(billing.unlockedTier(account.id, 'cluster-2', day('2026-11-03')), 'enhanced', 'what was spent stays');
    assert.equal(billing.applied('evt_refund'), true);
  });

  it("heals an account's plan that a crash left behind its subscription, at start", async () => {
    const { billing, accounts, dir } = open();
    const account = accounts.create('c@example.org', 'hash', day('2026-11-01'));
    const plan = await billing.checkout(account, { plan: 'analyst' }, day('2026-11-01'));
    billing.recordPayment(plan.purchase_id, day('2026-11-01'));
    // As if the process died between the subscription's line and the account's.
    accounts.setPlan(account.id, 'free', day('2026-11-01'));
    billing.close();
    accounts.close();
    const reopenedAccounts = AccountStore.open(new FileStateLogs(dir));
    const reopened = new AccountBilling(
      new BillingStore(new FileStateLogs(dir)),
      reopenedAccounts,
      new TestPurchaseCheckout(() => Promise.resolve('http://unshell.test')),
      30,
    );
    reopened.reconcile(day('2026-11-05'));
    assert.equal(reopenedAccounts.byId(account.id)?.plan, 'analyst');
    reopened.close();
    reopenedAccounts.close();
  });
});
