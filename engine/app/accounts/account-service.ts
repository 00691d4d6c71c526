// Accounts as a person uses them: sign up, confirm the address, sign in and out, reset the password, delete.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { RetryLaterError } from '../../errors/retry-later.js';
import { ServiceError, invalidParameter } from '../../errors/service-error.js';
import { planView, type AccountKeys, type PlanView } from './account-keys.js';
import type { AccountRecord, AccountStore } from './account-store.js';
import { AttemptLimiter } from './attempt-limiter.js';
import type { Mailer } from './mailer.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, decoyHash, hashPassword, verifyPassword } from './password.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import { readLink, signLink } from './signed-link.js';

const HOUR = 3_600_000;
/** A confirmation link works for two days; a reset link for one hour (it is a key to the account). */
const VERIFY_LINK_HOURS = 48;
const RESET_LINK_HOURS = 1;

/** What an account's holder sees of it. */
export interface AccountView {
  id: string;
  email: string;
  created_at: string;
  email_verified: boolean;
  /** The plan, its limits and what it includes a month. */
  plan: PlanView;
  /** Whether credits beyond the plan's are billed as metered API (otherwise refused). */
  metering: boolean;
}

export interface AccountServiceDeps {
  accounts: AccountStore;
  sessions: SessionStore;
  /** The account's API keys: made and revoked in its settings, and a way for a program to act for it. */
  keys: AccountKeys;
  /** Ends what an account being deleted pays for (its subscription, metered API); run once its password is checked. */
  beforeDelete?: (account: AccountRecord, now: Date) => Promise<void>;
  mailer: Mailer;
  /** The service's token secret: links and CSRF tokens are signed with keys derived from it. */
  secret: Buffer;
  /** Where the links in mails point (the web app's pages): the public URL, known once the port is. */
  pageBase: () => string;
  log: (line: string) => void;
}

const Email = z.email().max(254);

export class AccountService {
  /** Failed sign-ins: 5 per address and 30 per client address in 15 minutes, then a wait. */
  readonly #failuresByEmail = new AttemptLimiter(5, 15 * 60_000);
  readonly #failuresByIp = new AttemptLimiter(30, 15 * 60_000);
  /** Mails: 5 per address an hour, so that nobody can fill a stranger's mailbox; sign-ups and resets: 20 per client an hour. */
  readonly #mailsByEmail = new AttemptLimiter(5, HOUR);
  readonly #requestsByIp = new AttemptLimiter(20, HOUR);

  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * Creates an account and mails a confirmation link. The answer is the same whether or not the address already has
   * an account (its holder is mailed instead), so that sign-up does not say which addresses have accounts.
   */
  async signUp(email: string, password: string, ip: string, now: Date): Promise<void> {
    const address = checkEmail(email);
    checkPassword(password);
    this.#throttle(this.#requestsByIp, `ip:${ip}`, now, 'Too many sign-ups from this address');
    // Hashed before anything is looked up: both paths take the time of one hash.
    const hash = await hashPassword(password);
    const existing = this.deps.accounts.byEmail(address);
    if (!this.#mayMail(address, now)) return;
    if (existing !== undefined) {
      await this.#mail(address, 'Someone tried to sign up with your address', [
        'Someone (perhaps you) tried to create an unshell account with this address, which already has one.',
        'If it was you, sign in, or set a new password here (the link works for one hour):',
        this.#resetLink(existing, now),
        'If it was not you, nothing has changed and you can ignore this mail.',
      ]);
      return;
    }
    const account = this.deps.accounts.create(address, hash, now);
    await this.#mailVerification(account, now);
  }

  /** Confirms the address a link was sent to; the account's view. */
  verifyEmail(token: string, now: Date): AccountView {
    const claim = readLink(this.deps.secret, token, 'verify', now);
    const account = claim === null ? undefined : this.deps.accounts.byId(claim.account);
    if (claim === null || account === undefined || account.email === null || account.email !== claim.stamp)
      throw new ServiceError('invalid_link', 'this confirmation link is not valid (expired, or for another address)');
    if (account.verified_at === null) this.deps.accounts.verify(account.id, now);
    return view(account);
  }

  /**
   * Signs in: a new session (its secret goes in the cookie), and the account it opens. A wrong address and a wrong
   * password get the same answer in the same time; failures are counted per address and per client, and past the
   * limit the answer is 429 with the wait.
   */
  async signIn(
    email: string,
    password: string,
    ip: string,
    now: Date,
  ): Promise<{ secret: string; session: SessionRecord; account: AccountRecord }> {
    const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
    const t = now.getTime();
    const wait = Math.max(this.#failuresByEmail.waitFor(address, t), this.#failuresByIp.waitFor(ip, t));
    if (wait > 0) throw new RetryLaterError('too many failed sign-ins: wait before trying again', wait);
    const account = this.deps.accounts.byEmail(address);
    const matches = await verifyPassword(password, account?.password ?? (await decoyHash()));
    if (account === undefined || !matches) {
      this.#failuresByEmail.record(address, t);
      this.#failuresByIp.record(ip, t);
      throw new ServiceError('invalid_credentials', 'the address or the password is wrong');
    }
    if (account.verified_at === null) {
      if (this.#mayMail(address, now)) await this.#mailVerification(account, now);
      throw new ServiceError(
        'email_not_verified',
        'confirm your address first: a new link has been sent to it (check the spam folder too)',
      );
    }
    this.#failuresByEmail.forget(address);
    return { ...this.deps.sessions.start(account.id, now), account };
  }

  signOut(secret: string): void {
    this.deps.sessions.end(secret);
  }

  /** The account a session cookie opens, with the session; undefined when it opens none. */
  fromSession(secret: string, now: Date): { account: AccountRecord; session: SessionRecord } | undefined {
    const session = this.deps.sessions.find(secret, now);
    const account = session === undefined ? undefined : this.deps.accounts.byId(session.account);
    if (session === undefined || account === undefined || account.deleted_at !== null) return undefined;
    return { account, session };
  }

  /**
   * The account an API key acts for (`Authorization: Bearer` on /api/account/*): a program needs neither cookie nor
   * CSRF token. 401 `invalid_api_key` for a key of no live account.
   */
  fromApiKey(secret: string): AccountRecord {
    const account = this.deps.accounts.byId(this.deps.keys.holderOf(secret));
    if (account === undefined || account.deleted_at !== null)
      throw new ServiceError('invalid_api_key', 'the API key belongs to an account that was deleted');
    return account;
  }

  get keys(): AccountKeys {
    return this.deps.keys;
  }

  /** The CSRF token of a session: a signature of its secret, so it needs no storage and dies with the session. */
  csrfToken(secret: string): string {
    return createHmac('sha256', this.#key('csrf')).update(secret).digest('base64url');
  }

  checkCsrf(secret: string, token: string | undefined): void {
    const expected = Buffer.from(this.csrfToken(secret));
    const given = Buffer.from(token ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ServiceError(
        'invalid_csrf_token',
        'a signed-in request that changes something needs the X-CSRF-Token header: the csrf_token of GET /api/account',
      );
  }

  /** Mails a reset link when the address has an account; the same answer either way. */
  async requestPasswordReset(email: string, ip: string, now: Date): Promise<void> {
    const address = checkEmail(email);
    this.#throttle(this.#requestsByIp, `ip:${ip}`, now, 'Too many requests from this address');
    const account = this.deps.accounts.byEmail(address);
    if (account === undefined || !this.#mayMail(address, now)) return;
    await this.#mail(address, 'Set a new unshell password', [
      'Someone (perhaps you) asked to set a new password for the unshell account of this address.',
      'Set it here (the link works for one hour, once):',
      this.#resetLink(account, now),
      'If it was not you, ignore this mail: the password stays as it is.',
    ]);
  }

  /**
   * Sets a new password from a reset link, which then stops working (it names the password it replaces); every
   * session of the account ends, and the address counts as confirmed (the link reached it).
   */
  async resetPassword(token: string, password: string, now: Date): Promise<AccountView> {
    checkPassword(password);
    const claim = readLink(this.deps.secret, token, 'reset', now);
    const account = claim === null ? undefined : this.deps.accounts.byId(claim.account);
    if (claim === null || account?.password == null || claim.stamp !== passwordStamp(account.password))
      throw new ServiceError('invalid_link', 'this reset link is not valid (expired, or already used)');
    const hash = await hashPassword(password);
    this.deps.accounts.setPassword(account.id, hash, now);
    if (account.verified_at === null) this.deps.accounts.verify(account.id, now);
    this.deps.sessions.endAll(account.id);
    return view(account);
  }

  /**
   * Deletes the account once its password is given again: its subscription is cancelled, its keys are revoked, its
   * sessions end, its address and password hash are erased. (What it bought stays, under its id, for accounting.)
   */
  async deleteAccount(account: AccountRecord, password: string, now: Date): Promise<void> {
    if (account.password === null || !(await verifyPassword(password, account.password)))
      throw new ServiceError('invalid_credentials', 'the password is wrong');
    await this.deps.beforeDelete?.(account, now);
    this.deps.keys.revokeAll(account, now);
    this.deps.sessions.endAll(account.id);
    this.deps.accounts.delete(account.id, now);
  }

  view(account: AccountRecord): AccountView {
    return view(account);
  }

  async #mailVerification(account: AccountRecord, now: Date): Promise<void> {
    const email = account.email ?? '';
    const token = signLink(this.deps.secret, {
      purpose: 'verify',
      account: account.id,
      stamp: email,
      expires: Math.floor(now.getTime() / 1000) + VERIFY_LINK_HOURS * 3600,
    });
    await this.#mail(email, 'Confirm your unshell account', [
      'Welcome to unshell. Confirm this address to finish creating your account (the link works for two days):',
      `${this.deps.pageBase()}/account/verify#token=${token}`,
      'If you did not sign up, ignore this mail: no account is made usable without this step.',
    ]);
  }

  #resetLink(account: AccountRecord, now: Date): string {
    const token = signLink(this.deps.secret, {
      purpose: 'reset',
      account: account.id,
      stamp: passwordStamp(account.password ?? ''),
      expires: Math.floor(now.getTime() / 1000) + RESET_LINK_HOURS * 3600,
    });
    // In the fragment: a browser never sends it to a server, nor in a Referer.
    return `${this.deps.pageBase()}/account/reset#token=${token}`;
  }

  /** A mail that cannot be sent is logged, never a reason to fail the request (nor to say whether the address exists). */
  async #mail(to: string, subject: string, lines: string[]): Promise<void> {
    try {
      await this.deps.mailer.send({ to, subject, text: `${lines.join('\n\n')}\n` });
    } catch (err) {
      this.deps.log(`mail to ${to} not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  #mayMail(address: string, now: Date): boolean {
    if (this.#mailsByEmail.waitFor(address, now.getTime()) > 0) return false;
    this.#mailsByEmail.record(address, now.getTime());
    return true;
  }

  #throttle(limiter: AttemptLimiter, key: string, now: Date, what: string): void {
    const wait = limiter.waitFor(key, now.getTime());
    if (wait > 0) throw new RetryLaterError(`${what}: wait before trying again`, wait);
    limiter.record(key, now.getTime());
  }

  #key(purpose: string): Buffer {
    return createHmac('sha256', this.deps.secret).update(`unshell account ${purpose} v1`).digest();
  }
}

function view(account: AccountRecord): AccountView {
  return {
    id: account.id,
    email: account.email ?? '',
    created_at: account.created_at,
    email_verified: account.verified_at !== null,
    plan: planView(account.plan),
    metering: account.metering,
  };
}

/** A digest of a password hash: a reset link names the password it replaces without carrying its hash. */
const passwordStamp = (hash: string): string => createHash('sha256').update(hash).digest('base64url').slice(0, 22);

function checkEmail(email: unknown): string {
  const parsed = Email.safeParse(typeof email === 'string' ? email.trim() : email);
  if (!parsed.success) throw invalidParameter('email', 'email must be an e-mail address, such as ana@example.org');
  return parsed.data.toLowerCase();
}

function checkPassword(password: unknown): void {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    throw invalidParameter(
      'password',
      `password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters (a passphrase of a few words is best)`,
    );
}
