// Metered credits reported to the project's Stripe-compatible server as Billing Meter events: a batch written before
// it is sent survives an outage and a restart, a batch sent twice (its answer lost) is billed once, and a month's
// last credits are reported after it ends.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import { AccountStore } from '../../../../engine/app/accounts/account-store.js';
import { KeyStore } from '../../../../engine/app/accounts/key-store.js';
import { MonthlyCredits } from '../../../../engine/app/accounts/monthly-credits.js';
import { UsageStore } from '../../../../engine/app/accounts/usage-store.js';
import { MeterLog } from '../../../../engine/app/billing/meter-log.js';
import { MeterReporter, includedIn } from '../../../../engine/app/billing/meter-reporter.js';
import { METER_EVENT_NAME } from '../../../../engine/app/billing/price-list.js';
import { loadConfig } from '../../../../engine/app/config.js';
import { StripeMeterSender } from '../../../../engine/app/external/stripe-meter.js';
import { stripeClientOptions } from '../../../../engine/app/external/stripe-provider.js';
import { tempDir } from '../../../helpers/snapshot.js';
import { SECRET_KEY, startFakeStripe, type FakeStripe } from '../../../helpers/stripe-server.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';

describe('MeterReporter', () => {
  const t = tempDir('meter');
  let stripe: FakeStripe;
  before(async () => {
    stripe = await startFakeStripe();
  });
  after(async () => {
    await stripe.close();
    t.remove();
  });

  it('reports credits beyond the plan once each, through an outage, a restart and a lost answer', async () => {
    const dir = t.dir;
    const now = new Date('2026-11-20T10:00:00Z');
    const accounts = AccountStore.open(new FileStateLogs(dir));
    const account = accounts.create('m@example.org', 'hash', now);
    accounts.setMetering(account.id, true, now);
    const keys = KeyStore.open(new FileStateLogs(dir));
    const { record } = keys.create('job', 'free', now, account.id);
    const usage = UsageStore.open(new FileStateLogs(dir));
    usage.record(`key:${record.id}`, 10_250, now); // 250 beyond the free plan's 10,000
    const credits = new MonthlyCredits(usage, keys);
    const config = loadConfig({}, { UNSHELL_STRIPE_SECRET_KEY: SECRET_KEY, UNSHELL_STRIPE_API_BASE: stripe.base });
    const sender = new StripeMeterSender(new Stripe(SECRET_KEY, stripeClientOptions(config.payments.stripeApiBase)));
    const warnings: string[] = [];
    const reporter = (log: MeterLog): MeterReporter =>
      new MeterReporter({
        log,
        accounts,
        credits,
        sender,
        customerOf: () => 'cus_metered',
        warn: (l) => warnings.push(l),
      });

    // Stripe is down: the batch is written, not sent, and said so.
    stripe.failMeterEvents = true;
    let log = new MeterLog(new FileStateLogs(dir));
    await reporter(log).report(now);
    assert.equal(log.pending().length, 1);
    assert.equal(stripe.meterEvents.size, 0);
    assert.match(warnings.join('\n'), /not reported yet, retried next round/);
    log.close();

    // A restart while it is still pending: the same batch, under the same identifier, is sent when Stripe is back.
    stripe.failMeterEvents = false;
    log = new MeterLog(new FileStateLogs(dir));
    const pending = log.pending()[0];
    assert.ok(pending !== undefined);
    // As if a send had reached Stripe but its answer was lost before the batch was marked sent.
    await sender.send(pending);
    await reporter(log).report(now);
    assert.deepEqual(log.pending(), []);
    assert.equal(stripe.meterEvents.size, 1, 'sent twice, billed once');
    const event = stripe.meterEvents.get(pending.id);
    assert.deepEqual(
      [event?.event_name, event?.payload['stripe_customer_id'], event?.payload['value']],
      [METER_EVENT_NAME, 'cus_metered', '250'],
    );

    // Nothing new: nothing sent. More credits: a batch of just those.
    await reporter(log).report(now);
    assert.equal(stripe.meterEvents.size, 1);
    usage.record(`key:${record.id}`, 40, now);
    await reporter(log).report(now);
    const values = [...stripe.meterEvents.values()].map((e) => Number(e.payload['value']));
    assert.deepEqual(
      values.sort((a, b) => a - b),
      [40, 250],
    );

    // The month's last credits, counted after the month ended, are reported as that month's.
    usage.record(`key:${record.id}`, 7, new Date('2026-11-30T23:59:59Z'));
    await reporter(log).report(new Date('2026-12-01T00:00:30Z'));
    const last = log.all().at(-1);
    assert.deepEqual([last?.month, last?.credits], ['2026-11', 7]);
    log.close();
    accounts.close();
    keys.close();
    usage.close();
  });

  it('bills a month by the most its plans included in it: a move to free, or a deletion, late in the month bills nothing the plan covered', () => {
    const t2 = tempDir('meter-plans');
    try {
      const accounts = AccountStore.open(new FileStateLogs(t2.dir));
      const account = accounts.create('p@example.org', 'hash', new Date('2026-10-01T00:00:00Z'));
      accounts.setPlan(account.id, 'team', new Date('2026-10-15T00:00:00Z'));
      accounts.setPlan(account.id, 'free', new Date('2026-11-20T00:00:00Z'));
      const record = () => accounts.byId(account.id) ?? assert.fail('the account');
      assert.equal(includedIn(record(), '2026-11'), 500_000, 'team for part of November');
      assert.equal(includedIn(record(), '2026-12'), 10_000);
      assert.equal(includedIn(record(), '2026-09'), 10_000, 'before any plan: the free one');
      accounts.delete(account.id, new Date('2026-11-25T00:00:00Z'));
      assert.equal(includedIn(record(), '2026-11'), 500_000, 'kept through deletion and compaction');
      accounts.close();
    } finally {
      t2.remove();
    }
  });
});
