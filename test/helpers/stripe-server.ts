// A local Stripe-compatible API for tests: the Checkout Session endpoints unshell uses, with Stripe's documented shapes.
//
// POST /v1/checkout/sessions takes Stripe's form encoding (`line_items[0][price_data][unit_amount]=3900`) and answers a
// Checkout Session object; GET /v1/checkout/sessions/:id retrieves one. Requests must carry the secret key as a Bearer
// token; a repeated Idempotency-Key returns the first answer. Errors have Stripe's `{ error: { type, code, message } }`.
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

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
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
  /** What a buyer paying on Stripe's page does to the session. */
  pay(id: string): StripeSession;
  /** A `checkout.session.completed` event for the session, as Stripe would POST it to the webhook. */
  completedEvent(id: string): string;
  close(): Promise<void>;
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
  const byIdempotencyKey = new Map<string, string>();

  function create(form: FormObject): StripeSession {
    const item = (form.line_items as FormObject | undefined)?.['0'] as FormObject | undefined;
    const price = item?.price_data as FormObject | undefined;
    const now = Math.floor(Date.now() / 1000);
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: StripeSession = {
      id,
      object: 'checkout.session',
      mode: text(form.mode),
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
      if (form.mode !== 'payment' || typeof form.success_url !== 'string' || form.line_items === undefined) {
        return stripeError(res, 400, 'parameter_missing', 'mode, success_url and line_items are required');
      }
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
    pay(id) {
      const s = get(id);
      s.status = 'complete';
      s.payment_status = 'paid';
      return s;
    },
    completedEvent(id) {
      const s = { ...get(id), status: 'complete', payment_status: 'paid' };
      return JSON.stringify(
        {
          id: `evt_${randomBytes(12).toString('hex')}`,
          object: 'event',
          api_version: '2025-01-01',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          type: 'checkout.session.completed',
          data: { object: s },
        },
        null,
        2,
      );
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
