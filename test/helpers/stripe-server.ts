// A local Stripe-compatible API for tests: the endpoints unshell uses, with Stripe's documented shapes.
//
// POST /v1/checkout/sessions takes Stripe's form encoding (`line_items[0][price_data][unit_amount]=3900`) and answers a
// Checkout Session object (mode payment or subscription); GET /v1/checkout/sessions/:id retrieves one. Paying a
// subscription-mode session makes a customer and a subscription (GET /v1/subscriptions/:id). POST
// /v1/billing/meter_events records a meter event, deduplicated on its identifier; POST /v1/billing_portal/sessions
// answers a portal link. Requests must carry the secret key as a Bearer token; a repeated Idempotency-Key returns the
// first answer. Errors have Stripe's `{ error: { type, code, message } }`. Events are made as Stripe sends them, to be
// delivered signed with the real scheme.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0][c]=v` pairs into nested objects (array indexes stay object keys: "0", "1", …). */
export function parseStripeForm(body: string): FormObject {
  const out: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as FormObject;
    });
  }
  return out;
}

/** A scalar form field; a nested one (or none) is empty text. */
export const text = (v: FormValue | undefined): string => (typeof v === 'string' ? v : '');

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'unpaid';
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  items: { object: 'list'; data: Array<{ id: string; current_period_start: number; current_period_end: number }> };
  metadata: Record<string, string>;
  livemode: false;
}

export interface MeterEvent {
  object: 'billing.meter_event';
  event_name: string;
  identifier: string;
  payload: Record<string, string>;
  timestamp: number;
  created: number;
  livemode: false;
}

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  subscription: string | null;
  payment_intent: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeStripe {
  base: string;
  /** Every create request's decoded form. */
  creates: FormObject[];
  sessions: Map<string, StripeSession>;
  subscriptions: Map<string, StripeSubscription>;
  /** Prices made through the API (the metered one), by id. */
  prices: Map<string, { id: string; lookup_key: string; recurring: { meter: string } }>;
  /** Meter events as Stripe keeps them: one per identifier, however often it was sent. */
  meterEvents: Map<string, MeterEvent>;
  /** Meter event requests received, duplicates included. */
  meterRequests: number;
  /** While set, meter event requests fail with a 500 (an outage). */
  failMeterEvents: boolean;
  /** What a buyer paying on Stripe's page does to the session (a subscription-mode one makes the subscription). */
  pay(id: string): StripeSession;
  /** A `checkout.session.completed` event for the session, as Stripe would POST it to the webhook. */
  completedEvent(id: string): string;
  /** An event of `type` about `object`, as Stripe would POST it to the webhook. */
  event(type: string, object: object): string;
  close(): Promise<void>;
}

/** An event as Stripe POSTs it to a webhook endpoint. */
function eventOf(type: string, object: object): string {
  return JSON.stringify(
    {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    },
    null,
    2,
  );
}

export const WEBHOOK_SECRET = 'whsec_test_unshell_local_signing_secret';
export const SECRET_KEY = 'sk_test_unshell_local';

/** `t=…,v1=…` signed with the real scheme over `payload`. */
export const signWebhook = (payload: string, secret = WEBHOOK_SECRET): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, code: string, message: string): void =>
  send(res, status, { error: { type: 'invalid_request_error', code, message } });

export async function startFakeStripe(secretKey = SECRET_KEY): Promise<FakeStripe> {
  const creates: FormObject[] = [];
  const sessions = new Map<string, StripeSession>();
  const subscriptions = new Map<string, StripeSubscription>();
  const meterEvents = new Map<string, MeterEvent>();
  const subscriptionMetadata = new Map<string, Record<string, string>>();
  const byIdempotencyKey = new Map<string, string>();
  const state = { meterRequests: 0, failMeterEvents: false };
  const meters = new Map<string, { id: string; event_name: string }>();
  const prices = new Map<string, { id: string; lookup_key: string; recurring: { meter: string } }>();

  function create(form: FormObject): StripeSession {
    const item = (form.line_items as FormObject | undefined)?.['0'] as FormObject | undefined;
    const price = item?.price_data as FormObject | undefined;
    const now = Math.floor(Date.now() / 1000);
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: StripeSession = {
      id,
      object: 'checkout.session',
      mode: text(form.mode),
      customer: null,
      subscription: null,
      payment_intent: null,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(price?.unit_amount) * Number(item?.quantity ?? 1),
      currency: text(price?.currency),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      success_url: text(form.success_url),
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      metadata: Object.fromEntries(
        Object.entries((form.metadata as FormObject | undefined) ?? {}).map(([k, v]) => [k, text(v)]),
      ),
      created: now,
      expires_at: now + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    const meta = (form.subscription_data as FormObject | undefined)?.metadata as FormObject | undefined;
    subscriptionMetadata.set(id, Object.fromEntries(Object.entries(meta ?? {}).map(([k, v]) => [k, text(v)])));
    return session;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req as AsyncIterable<Buffer>) body += chunk.toString('utf8');
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'api_key_invalid', 'Invalid API Key provided');
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (earlier !== undefined) return send(res, 200, sessions.get(earlier));
      const form = parseStripeForm(body);
      const mode = form.mode;
      if (
        (mode !== 'payment' && mode !== 'subscription') ||
        typeof form.success_url !== 'string' ||
        form.line_items === undefined
      ) {
        return stripeError(res, 400, 'parameter_missing', 'mode, success_url and line_items are required');
      }
      const recurring = (
        ((form.line_items as FormObject)['0'] as FormObject | undefined)?.price_data as FormObject | undefined
      )?.recurring;
      if ((mode === 'subscription') !== (recurring !== undefined))
        return stripeError(
          res,
          400,
          'parameter_invalid',
          'a subscription needs a recurring price, a payment a one-off one',
        );
      creates.push(form);
      const session = create(form);
      if (typeof key === 'string') byIdempotencyKey.set(key, session.id);
      return send(res, 200, session);
    }
    const m = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m !== null) {
      const session = sessions.get(m[1] as string);
      return session === undefined
        ? stripeError(res, 404, 'resource_missing', `No such checkout.session: '${m[1]}'`)
        : send(res, 200, session);
    }
    const sub = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (sub !== null) {
      const found = subscriptions.get(sub[1] as string);
      if (found === undefined) return stripeError(res, 404, 'resource_missing', `No such subscription: '${sub[1]}'`);
      if (req.method === 'POST') {
        const form = parseStripeForm(body);
        if (form.cancel_at_period_end !== undefined)
          found.cancel_at_period_end = text(form.cancel_at_period_end) === 'true';
      } else if (req.method === 'DELETE') found.status = 'canceled';
      return send(res, 200, found);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing/meter_events') {
      state.meterRequests += 1;
      if (state.failMeterEvents) return stripeError(res, 500, 'api_error', 'meter events are unavailable');
      const form = parseStripeForm(body);
      const payload = Object.fromEntries(
        Object.entries((form.payload as FormObject | undefined) ?? {}).map(([k, v]) => [k, text(v)]),
      );
      if (text(form.event_name) === '' || payload['stripe_customer_id'] === undefined || payload['value'] === undefined)
        return stripeError(
          res,
          400,
          'parameter_missing',
          'event_name, payload[stripe_customer_id] and payload[value] are required',
        );
      const identifier = text(form.identifier) || `mev_${randomBytes(8).toString('hex')}`;
      // Stripe enforces an identifier's uniqueness: a repeat is not counted again.
      const event: MeterEvent = meterEvents.get(identifier) ?? {
        object: 'billing.meter_event',
        event_name: text(form.event_name),
        identifier,
        payload,
        timestamp: Number(text(form.timestamp)) || Math.floor(Date.now() / 1000),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      meterEvents.set(identifier, event);
      return send(res, 200, event);
    }
    // Meters and prices: the metered price unshell finds by lookup key, or makes with its meter.
    if (url.pathname === '/v1/billing/meters') {
      if (req.method === 'GET') return send(res, 200, { object: 'list', data: [...meters.values()], has_more: false });
      const form = parseStripeForm(body);
      const meter = {
        id: `mtr_${randomBytes(8).toString('hex')}`,
        object: 'billing.meter',
        event_name: text(form.event_name),
        display_name: text(form.display_name),
        status: 'active',
        default_aggregation: { formula: text((form.default_aggregation as FormObject | undefined)?.formula) },
      };
      meters.set(meter.id, meter);
      return send(res, 200, meter);
    }
    if (url.pathname === '/v1/prices') {
      if (req.method === 'GET') {
        const keys = [...url.searchParams].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
        const data = [...prices.values()].filter((p) => keys.includes(p.lookup_key));
        return send(res, 200, { object: 'list', data, has_more: false });
      }
      const form = parseStripeForm(body);
      const recurring = form.recurring as FormObject | undefined;
      const meter = text(recurring?.meter);
      if (text(recurring?.usage_type) === 'metered' && !meters.has(meter))
        return stripeError(res, 400, 'resource_missing', `No such billing meter: '${meter}'`);
      const price = {
        id: `price_${randomBytes(8).toString('hex')}`,
        object: 'price',
        currency: text(form.currency),
        unit_amount_decimal: text(form.unit_amount_decimal),
        lookup_key: text(form.lookup_key),
        recurring: { interval: text(recurring?.interval), usage_type: text(recurring?.usage_type), meter },
        active: true,
      };
      prices.set(price.id, price);
      return send(res, 200, price);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const form = parseStripeForm(body);
      const customer = text(form.customer);
      if (![...subscriptions.values()].some((s) => s.customer === customer))
        return stripeError(res, 400, 'resource_missing', `No such customer: '${customer}'`);
      return send(res, 200, {
        id: `bps_${randomBytes(8).toString('hex')}`,
        object: 'billing_portal.session',
        customer,
        return_url: text(form.return_url),
        url: `https://billing.stripe.com/p/session/test_${randomBytes(8).toString('hex')}`,
        livemode: false,
      });
    }
    return stripeError(res, 404, 'resource_missing', `Unrecognized request URL (${req.method} ${url.pathname})`);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (id: string): StripeSession => {
    const s = sessions.get(id);
    if (s === undefined) throw new Error(`no fake Stripe session ${id}`);
    return s;
  };
  return {
    base: `http://127.0.0.1:${port}`,
    creates,
    sessions,
    subscriptions,
    prices,
    meterEvents,
    get meterRequests() {
      return state.meterRequests;
    },
    get failMeterEvents() {
      return state.failMeterEvents;
    },
    set failMeterEvents(fail: boolean) {
      state.failMeterEvents = fail;
    },
    pay(id) {
      const s = get(id);
      s.status = 'complete';
      s.payment_status = 'paid';
      s.customer ??= `cus_${randomBytes(7).toString('hex')}`;
      if (s.mode === 'payment') s.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
      if (s.mode === 'subscription' && s.subscription === null) {
        const start = Math.floor(Date.now() / 1000);
        const end = start + 30 * 86_400;
        const subscription: StripeSubscription = {
          id: `sub_${randomBytes(12).toString('hex')}`,
          object: 'subscription',
          customer: s.customer,
          status: 'active',
          cancel_at_period_end: false,
          current_period_start: start,
          current_period_end: end,
          items: {
            object: 'list',
            data: [
              { id: `si_${randomBytes(8).toString('hex')}`, current_period_start: start, current_period_end: end },
            ],
          },
          metadata: subscriptionMetadata.get(id) ?? {},
          livemode: false,
        };
        subscriptions.set(subscription.id, subscription);
        s.subscription = subscription.id;
      }
      return s;
    },
    completedEvent(id) {
      return eventOf('checkout.session.completed', { ...get(id), status: 'complete', payment_status: 'paid' });
    },
    event: eventOf,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
