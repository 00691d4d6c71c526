// The account API under /api/account: sign up, confirm, sign in and out, reset the password, see and delete it.
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from '@tinyhttp/cookie';
import type { App, Request, Response } from '@tinyhttp/app';
import type { z } from 'zod';
import { bearerToken } from '../../engine/app/accounts/api-key.js';
import type { AccountService, AccountView } from '../../engine/app/accounts/account-service.js';
import type { AccountBilling } from '../../engine/app/billing/account-billing.js';
import type { AccountRecord } from '../../engine/app/accounts/account-store.js';
import { SESSION_DAYS } from '../../engine/app/accounts/session-store.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { clientIp } from './access-middleware.js';
import { ACCOUNT_OPERATIONS, ACCOUNT_PREFIX, SESSION_COOKIE, type AccountOperation } from './account-operations.js';
import { readJsonBody } from './request-input.js';
import { sendError, sendJson } from './responses.js';
import type { RouteTable } from './route-table.js';

export interface AccountRouteOptions {
  accounts: AccountService;
  /** Packs, plans and unlocks; without it those operations answer 404. */
  billing: AccountBilling | null;
  /** Where Stripe's customer portal sends the holder back to. */
  publicUrl: string;
  /** The cluster of an entity id (any member of it), as the serving corpus has it; `not_found` for an unknown id. */
  clusterOf: (id: string) => { clusterId: string; name: string };
  /** Cookies are marked Secure when the service is reached over https (its public URL). */
  secureCookies: boolean;
  trustProxy: boolean;
  log: (line: string) => void;
}

/**
 * The body, validated; the contract's error for one that does not fit, the first field at fault named. It must be
 * sent as JSON: a form on another site can post text/plain without asking, but not application/json, so a page
 * elsewhere cannot sign a visitor in to an account of its choosing.
 */
async function body(req: IncomingMessage, schema: z.ZodObject): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ServiceError(
      'invalid_parameter',
      `send the body as JSON, with Content-Type: application/json (got "${type.slice(0, 100)}")`,
      '(content-type)',
    );
  const raw = await readJsonBody(req);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || '(body)';
  const absent = typeof raw === 'object' && raw !== null && issue?.path.length === 1 && !(field in raw);
  throw new ServiceError(
    absent ? 'missing_parameter' : 'invalid_parameter',
    absent ? `${field} is required` : `${field}: ${issue?.message ?? 'not valid'}`,
    field,
  );
}

/**
 * A validated body, and who is calling when the operation needs someone: the account, and the session's secret when
 * it came by cookie (null when it came by API key).
 */
type Input = Record<string, unknown> & {
  caller: { account: AccountRecord; secret: string | null } | null;
  params: Record<string, string>;
};

const MAILED = {
  status: 'mail_sent',
  message: 'If the address can be used, a mail with a link is on its way to it; the link works for a limited time.',
};

/** The session secret a request's cookie carries, if any. */
export function sessionSecretOf(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  return header === undefined ? undefined : parseCookies(header)[SESSION_COOKIE];
}

export function accountRoutes(app: App, routes: RouteTable, options: AccountRouteOptions): void {
  const { accounts, log } = options;
  const cookie = (value: string, maxAgeSeconds: number): string =>
    serializeCookie(SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: maxAgeSeconds,
      secure: options.secureCookies,
    });
  const secretOf = sessionSecretOf;
  /**
   * The account calling: by one of its API keys (Authorization: Bearer), or by its session cookie, which on a
   * `change` must come with the session's CSRF token. A key is never sent by a browser on its own, so it needs none.
   */
  const signedIn = (req: IncomingMessage, changes: boolean): { account: AccountRecord; secret: string | null } => {
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      const key = bearerToken(authorization);
      if (key === undefined)
        throw new ServiceError('invalid_api_key', 'the Authorization header must be "Bearer <API key>"');
      return { account: accounts.fromApiKey(key), secret: null };
    }
    const secret = secretOf(req);
    const found = secret === undefined ? undefined : accounts.fromSession(secret, new Date());
    if (secret === undefined || found === undefined)
      throw new ServiceError(
        'not_signed_in',
        "sign in first (POST /api/account/login), or send one of the account's API keys as Authorization: Bearer",
      );
    if (changes) {
      const token = req.headers['x-csrf-token'];
      accounts.checkCsrf(secret, typeof token === 'string' ? token : undefined);
    }
    return { account: found.account, secret };
  };
  /** Serves an operation of the table: its auth checked, its body read and validated, its answer sent. */
  const serve = (op: AccountOperation, handle: (req: Request, res: Response, input: Input) => unknown): void => {
    const path = `${ACCOUNT_PREFIX}${op.path}`;
    routes.add(op.method, path);
    const handler = async (req: Request, res: Response): Promise<void> => {
      // Nothing an account answer holds may be kept by a cache, shared or not.
      res.setHeader('Cache-Control', 'no-store');
      try {
        const caller = op.auth === 'none' ? null : signedIn(req, op.auth === 'change');
        const input = op.body === null ? {} : await body(req, op.body);
        sendJson(res, op.status, await handle(req, res, { ...input, caller, params: req.params }), 0);
      } catch (err) {
        sendError(res, err, 0, log);
      }
    };
    if (op.method === 'GET') app.get(path, handler);
    else if (op.method === 'POST') app.post(path, handler);
    else app.delete(path, handler);
  };
  const ip = (req: IncomingMessage): string => clientIp(req, options.trustProxy);

  const str = (input: Input, key: string): string => String(input[key]);
  const now = (): Date => new Date();
  const ops = ACCOUNT_OPERATIONS;
  /** An account's view with its subscription, as every answer that carries one gives it. */
  const full = (view: AccountView): AccountView & { subscription: unknown } => ({
    ...view,
    subscription: options.billing?.subscription(view.id, now()) ?? null,
  });
  const sold = (): AccountBilling => {
    if (options.billing === null) throw new ServiceError('not_found', 'this server sells no packs or plans');
    return options.billing;
  };
  const who = (caller: Input['caller']): { account: AccountRecord; secret: string | null } => {
    if (caller === null) throw new ServiceError('internal', 'an operation that needs an account ran without one');
    return caller;
  };

  serve(ops.signup, async (req, _res, input) => {
    await accounts.signUp(str(input, 'email'), str(input, 'password'), ip(req), now());
    return MAILED;
  });

  serve(ops.verify, (_req, _res, input) => ({ account: full(accounts.verifyEmail(str(input, 'token'), now())) }));

  // A new session at every sign-in (the old cookie, if any, is ended): a session fixed before sign-in never counts.
  serve(ops.login, async (req, res, input) => {
    const old = secretOf(req);
    if (old !== undefined) accounts.signOut(old);
    const { secret, session, account } = await accounts.signIn(
      str(input, 'email'),
      str(input, 'password'),
      ip(req),
      now(),
    );
    res.setHeader('Set-Cookie', cookie(secret, SESSION_DAYS * 86_400));
    return {
      account: full(accounts.view(account)),
      csrf_token: accounts.csrfToken(secret),
      session_expires_at: session.expires_at,
    };
  });

  serve(ops.logout, (_req, res, { caller }) => {
    if (caller?.secret != null) accounts.signOut(caller.secret);
    res.setHeader('Set-Cookie', cookie('', 0));
    return { status: 'signed_out' };
  });

  serve(ops.account, (_req, _res, { caller }) => {
    const { account, secret } = who(caller);
    return { account: full(accounts.view(account)), csrf_token: secret === null ? null : accounts.csrfToken(secret) };
  });

  serve(ops.delete, async (_req, res, input) => {
    const { account } = who(input.caller);
    await accounts.deleteAccount(account, str(input, 'password'), now());
    res.setHeader('Set-Cookie', cookie('', 0));
    return { status: 'deleted', id: account.id };
  });

  serve(ops.passwordReset, async (req, _res, input) => {
    await accounts.requestPasswordReset(str(input, 'email'), ip(req), now());
    return MAILED;
  });

  serve(ops.keys, (_req, _res, { caller }) => {
    const { account } = who(caller);
    return { keys: accounts.keys.list(account), allowed: accounts.view(account).plan.keys };
  });

  serve(ops.createKey, (_req, _res, input) => accounts.keys.create(who(input.caller).account, input.name, now()));

  serve(ops.revokeKey, (_req, _res, { caller, params }) =>
    accounts.keys.revoke(who(caller).account, params.id ?? '', now()),
  );

  serve(ops.usage, (_req, _res, { caller }) => accounts.keys.usage(who(caller).account, now()));

  serve(ops.checkout, async (_req, _res, input) => {
    const { account } = who(input.caller);
    const { pack, plan } = input as { pack?: string; plan?: string };
    if (pack === undefined && plan === undefined)
      throw new ServiceError('missing_parameter', 'pack or plan is required (see get_pricing)', 'pack');
    if (pack !== undefined && plan !== undefined)
      throw new ServiceError('invalid_parameter', 'send one of pack and plan, not both', 'plan');
    return sold().checkout(account, pack === undefined ? { plan: plan ?? '' } : { pack }, now());
  });

  serve(ops.dossiers, (_req, _res, { caller }) => {
    const { account } = who(caller);
    const at = now();
    return { ...sold().dossiers(account, at), purchases: sold().purchases(account, at) };
  });

  serve(ops.unlock, (_req, _res, input) => {
    const { account } = who(input.caller);
    const id = input.params.id ?? '';
    const tier = input['tier'] as 'standard' | 'enhanced' | undefined;
    const { clusterId, name } = options.clusterOf(id);
    return sold().unlock(account, { clusterId, entityId: id, name }, tier, now());
  });

  serve(ops.metering, (_req, _res, input) => {
    const enabled = input['enabled'] === true;
    sold().setMetering(who(input.caller).account, enabled, now());
    return { metering: enabled };
  });

  serve(ops.portal, async (_req, _res, { caller }) => ({
    url: await sold().portal(who(caller).account, `${options.publicUrl}/account`),
  }));

  serve(ops.cancel, async (_req, _res, { caller }) => sold().cancelAtPeriodEnd(who(caller).account, now()));

  serve(ops.password, async (_req, _res, input) => ({
    account: full(await accounts.resetPassword(str(input, 'token'), str(input, 'password'), now())),
  }));
}
