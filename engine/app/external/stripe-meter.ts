// Metered credits to Stripe as Billing Meter events: one event per batch, its identifier the batch's id, which Stripe
// deduplicates on, so that a batch sent again after a crash or a lost answer is billed once.
import type Stripe from 'stripe';
import type { MeterBatch } from '../billing/meter-log.js';
import type { MeterSender } from '../billing/meter-reporter.js';
import { METER_EVENT_NAME } from '../billing/price-list.js';

export class StripeMeterSender implements MeterSender {
  readonly mode = 'stripe';
  readonly #stripe: Stripe;

  /** `stripe`: the service's one Stripe client (StripeProvider's). */
  constructor(stripe: Stripe) {
    this.#stripe = stripe;
  }

  async send(batch: MeterBatch): Promise<void> {
    if (batch.customer === null) throw new Error(`no Stripe customer to bill for account ${batch.account}`);
    await this.#stripe.billing.meterEvents.create(
      {
        event_name: METER_EVENT_NAME,
        payload: { stripe_customer_id: batch.customer, value: String(batch.credits) },
        identifier: batch.id,
        timestamp: Math.floor(new Date(batch.at).getTime() / 1000),
      },
      { idempotencyKey: batch.id },
    );
  }
}
