// People's accounts: an address, a password hash, whether the address is confirmed; in a state log in the data dir.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';
import { ACCOUNT_PLANS, type AccountPlan } from './plans.js';

export const ACCOUNTS_FILE = 'accounts.log';

export interface AccountRecord {
  id: string;
  /** Normalised (trimmed, lower case); null once the account is deleted. */
  email: string | null;
  /** scrypt hash (password.ts); null once the account is deleted. */
  password: string | null;
  created_at: string;
  verified_at: string | null;
  deleted_at: string | null;
  /** `free` until a subscription says otherwise. */
  plan: AccountPlan;
  /** Every change of plan, oldest first: what a past month included (metered credits are billed by it). */
  plan_history: Array<{ plan: AccountPlan; at: string }>;
  /** Whether credits beyond the plan's are billed as metered API (true) or refused (false). */
  metering: boolean;
}

const AccountEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('account_created'),
    id: z.string(),
    email: z.string(),
    password: z.string(),
    created_at: z.string(),
  }),
  z.object({ type: z.literal('account_verified'), id: z.string(), at: z.string() }),
  z.object({ type: z.literal('password_changed'), id: z.string(), password: z.string(), at: z.string() }),
  z.object({ type: z.literal('plan_changed'), id: z.string(), plan: z.enum(ACCOUNT_PLANS), at: z.string() }),
  z.object({ type: z.literal('metering_changed'), id: z.string(), metering: z.boolean(), at: z.string() }),
  // `created_at` lets compaction keep a deleted account's id and dates without anything personal.
  // `plan_history` keeps what past months included, so that metered credits of a deleted account are billed right.
  z.object({
    type: z.literal('account_deleted'),
    id: z.string(),
    at: z.string(),
    created_at: z.string().optional(),
    plan_history: z.array(z.object({ plan: z.enum(ACCOUNT_PLANS), at: z.string() })).optional(),
  }),
]);
type AccountEvent = z.infer<typeof AccountEvent>;

interface Accounts {
  byId: Map<string, AccountRecord>;
  byEmail: Map<string, AccountRecord>;
}

const machine: StateMachine<Accounts, AccountEvent> = {
  initial: () => ({ byId: new Map(), byEmail: new Map() }),
  apply(state, e) {
    if (e.type === 'account_created') {
      const record: AccountRecord = {
        id: e.id,
        email: e.email,
        password: e.password,
        created_at: e.created_at,
        verified_at: null,
        deleted_at: null,
        plan: 'free',
        plan_history: [],
        metering: false,
      };
      state.byId.set(e.id, record);
      state.byEmail.set(e.email, record);
      return;
    }
    let record = state.byId.get(e.id);
    if (e.type === 'account_deleted') {
      record ??= {
        id: e.id,
        email: null,
        password: null,
        created_at: e.created_at ?? e.at,
        verified_at: null,
        deleted_at: null,
        plan: 'free',
        plan_history: [],
        metering: false,
      };
      if (record.email !== null) state.byEmail.delete(record.email);
      Object.assign(record, { email: null, password: null, deleted_at: e.at, plan: 'free', metering: false });
      if (e.plan_history !== undefined) record.plan_history = e.plan_history;
      state.byId.set(e.id, record);
      return;
    }
    if (record === undefined || record.deleted_at !== null) return;
    if (e.type === 'account_verified') record.verified_at ??= e.at;
    else if (e.type === 'plan_changed') {
      record.plan = e.plan;
      record.plan_history.push({ plan: e.plan, at: e.at });
    } else if (e.type === 'metering_changed') record.metering = e.metering;
    else record.password = e.password;
  },
  *compacted(state) {
    for (const r of state.byId.values()) {
      if (r.deleted_at !== null || r.email === null || r.password === null) {
        yield {
          type: 'account_deleted',
          id: r.id,
          at: r.deleted_at ?? r.created_at,
          created_at: r.created_at,
          ...(r.plan_history.length === 0 ? {} : { plan_history: r.plan_history }),
        };
        continue;
      }
      yield { type: 'account_created', id: r.id, email: r.email, password: r.password, created_at: r.created_at };
      if (r.verified_at !== null) yield { type: 'account_verified', id: r.id, at: r.verified_at };
      for (const change of r.plan_history) yield { type: 'plan_changed', id: r.id, plan: change.plan, at: change.at };
      if (r.metering) yield { type: 'metering_changed', id: r.id, metering: true, at: r.created_at };
    }
  },
};

/** Addresses compare in one form: trimmed, NFC, lower case (providers treat the local part without case too). */
export const normaliseEmail = (email: string): string => email.trim().normalize('NFC').toLowerCase();

export class AccountStore {
  readonly #log: StateLog<Accounts, AccountEvent>;

  private constructor(log: StateLog<Accounts, AccountEvent>) {
    this.#log = log;
  }

  /** `readOnly`: replay only (an operator's command beside the server, or a disk that cannot be written). */
  static open(logs: StateLogs, options: { compactAfter?: number; readOnly?: boolean } = {}): AccountStore {
    return new AccountStore(
      logs.open(ACCOUNTS_FILE, AccountEvent, machine, {
        compactAfter: options.compactAfter ?? 1_000,
        readOnly: options.readOnly ?? false,
      }),
    );
  }

  /** Every account, deleted ones included (as tombstones), in the order they were made. */
  all(): AccountRecord[] {
    this.#log.refresh();
    return [...this.#log.state.byId.values()];
  }

  byEmail(email: string): AccountRecord | undefined {
    this.#log.refresh();
    return this.#log.state.byEmail.get(normaliseEmail(email));
  }

  byId(id: string): AccountRecord | undefined {
    this.#log.refresh();
    return this.#log.state.byId.get(id);
  }

  /** A new account for an address no account has (the caller checked), durably before it returns. */
  create(email: string, passwordHash: string, now: Date): AccountRecord {
    let id = newAccountId();
    this.#log.refresh();
    while (this.#log.state.byId.has(id)) id = newAccountId();
    this.#log.commit({
      type: 'account_created',
      id,
      email: normaliseEmail(email),
      password: passwordHash,
      created_at: now.toISOString(),
    });
    return this.#log.state.byId.get(id) as AccountRecord;
  }

  verify(id: string, now: Date): void {
    this.#log.commit({ type: 'account_verified', id, at: now.toISOString() });
  }

  setPassword(id: string, passwordHash: string, now: Date): void {
    this.#log.commit({ type: 'password_changed', id, password: passwordHash, at: now.toISOString() });
  }

  /** The account's plan, as its subscription says (billing). */
  setPlan(id: string, plan: AccountPlan, now: Date): void {
    this.#log.commit({ type: 'plan_changed', id, plan, at: now.toISOString() });
  }

  /** Turns metered billing of credits beyond the plan's on or off. */
  setMetering(id: string, metering: boolean, now: Date): void {
    this.#log.commit({ type: 'metering_changed', id, metering, at: now.toISOString() });
  }

  /**
   * Deletes the account's personal data: the address and the password hash go, the id and the dates stay (what it
   * bought is kept for accounting under that id). The log is compacted at once, so the address leaves the file too.
   */
  delete(id: string, now: Date): void {
    this.#log.commit({ type: 'account_deleted', id, at: now.toISOString() });
    this.#log.compact();
  }

  get count(): number {
    return this.#log.state.byEmail.size;
  }

  close(): void {
    this.#log.close();
  }
}

const newAccountId = (): string => `acct_${randomBytes(12).toString('base64url')}`;
