// The account API under /api/account: sign up, confirm, sign in and out, reset the password, see and delete it.
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from '@tinyhttp/cookie';
import type { App, Request, Response } from '@tinyhttp/app';
import type { z } from 'zod';
import type { AccountService } from '../../engine/app/accounts/account-service.js';
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

/** A validated body, and the session when the operation needs one. */
type Input = Record<string, unknown> & { session: { account: AccountRecord; secret: string } | null };

const MAILED = {
  status: 'mail_sent',
  message: 'If the address can be used, a mail with a link is on its way to it; the link works for a limited time.',
};

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
  const secretOf = (req: IncomingMessage): string | undefined => {
    const header = req.headers.cookie;
    return header === undefined ? undefined : parseCookies(header)[SESSION_COOKIE];
  };
  /** The signed-in account; with `changes`, the request must also carry the session's CSRF token. */
  const signedIn = (req: IncomingMessage, changes: boolean): { account: AccountRecord; secret: string } => {
    const secret = secretOf(req);
    const found = secret === undefined ? undefined : accounts.fromSession(secret, new Date());
    if (secret === undefined || found === undefined)
      throw new ServiceError('not_signed_in', 'sign in first (POST /api/account/login): no session, or it has ended');
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
        const session = op.auth === 'none' ? null : signedIn(req, op.auth === 'session+csrf');
        const input = op.body === null ? {} : await body(req, op.body);
        sendJson(res, op.status, await handle(req, res, { ...input, session }), 0);
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

  serve(ops.signup, async (req, _res, input) => {
    await accounts.signUp(str(input, 'email'), str(input, 'password'), ip(req), now());
    return MAILED;
  });

  serve(ops.verify, (_req, _res, input) => ({ account: accounts.verifyEmail(str(input, 'token'), now()) }));

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
      account: accounts.view(account),
      csrf_token: accounts.csrfToken(secret),
      session_expires_at: session.expires_at,
    };
  });

  serve(ops.logout, (_req, res, { session }) => {
    accounts.signOut(session?.secret ?? '');
    res.setHeader('Set-Cookie', cookie('', 0));
    return { status: 'signed_out' };
  });

  serve(ops.account, (_req, _res, { session }) => {
    if (session === null) throw new ServiceError('internal', 'an operation that needs a session ran without one');
    return { account: accounts.view(session.account), csrf_token: accounts.csrfToken(session.secret) };
  });

  serve(ops.delete, async (_req, res, input) => {
    const account = input.session?.account;
    if (account === undefined) throw new ServiceError('internal', 'an operation that needs a session ran without one');
    await accounts.deleteAccount(account, str(input, 'password'), now());
    res.setHeader('Set-Cookie', cookie('', 0));
    return { status: 'deleted', id: account.id };
  });

  serve(ops.passwordReset, async (req, _res, input) => {
    await accounts.requestPasswordReset(str(input, 'email'), ip(req), now());
    return MAILED;
  });

  serve(ops.password, async (_req, _res, input) => ({
    account: await accounts.resetPassword(str(input, 'token'), str(input, 'password'), now()),
  }));
}
