// API keys, the operator's and accounts', as hashes only, in a state log in the data directory shared by the server
// and the CLI.
import { z } from 'zod';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';
import { hashApiKey, newApiKey, newKeyId } from './api-key.js';
import { KEY_PLANS, type KeyPlan } from './plans.js';
import { readThrough } from '../../state/read-through.js';

export const KEYS_FILE = 'keys.log';

export interface KeyRecord {
  id: string;
  name: string;
  /** The plan the key was made with; an account's key follows its account's plan instead (access.ts). */
  plan: KeyPlan;
  /** The account that holds the key; null for a key the operator made with `unshell keys create`. */
  account: string | null;
  /** SHA-256 of the key, hex. */
  hash: string;
  created_at: string;
  revoked_at: string | null;
}

const KeyEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('key_created'),
    id: z.string(),
    name: z.string(),
    plan: z.enum(KEY_PLANS),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    created_at: z.string(),
    account: z.string().optional(),
  }),
  z.object({ type: z.literal('key_revoked'), id: z.string(), revoked_at: z.string() }),
]);
type KeyEvent = z.infer<typeof KeyEvent>;

interface Keys {
  byId: Map<string, KeyRecord>;
  byHash: Map<string, KeyRecord>;
  /** Each account's keys, revoked ones included, oldest first. */
  byAccount: Map<string, KeyRecord[]>;
}

const machine: StateMachine<Keys, KeyEvent> = {
  initial: () => ({ byId: new Map(), byHash: new Map(), byAccount: new Map() }),
  apply(state, e) {
    if (e.type === 'key_created') {
      const record: KeyRecord = {
        id: e.id,
        name: e.name,
        plan: e.plan,
        hash: e.hash,
        created_at: e.created_at,
        revoked_at: null,
        account: e.account ?? null,
      };
      state.byId.set(e.id, record);
      state.byHash.set(e.hash, record);
      if (record.account !== null) {
        const held = state.byAccount.get(record.account);
        if (held === undefined) state.byAccount.set(record.account, [record]);
        else held.push(record);
      }
    } else {
      const record = state.byId.get(e.id);
      if (record !== undefined) record.revoked_at = e.revoked_at;
    }
  },
  *compacted(state) {
    for (const r of state.byId.values()) {
      yield {
        type: 'key_created',
        id: r.id,
        name: r.name,
        plan: r.plan,
        hash: r.hash,
        created_at: r.created_at,
        ...(r.account === null ? {} : { account: r.account }),
      };
      if (r.revoked_at !== null) yield { type: 'key_revoked', id: r.id, revoked_at: r.revoked_at };
    }
  },
};

export type KeyLookup = { ok: true; key: KeyRecord } | { ok: false; reason: 'unknown' | 'revoked'; key?: KeyRecord };

export class KeyStore {
  readonly #log: StateLog<Keys, KeyEvent>;

  private constructor(log: StateLog<Keys, KeyEvent>) {
    this.#log = log;
  }

  /**
   * `readOnly`: replay only (`unshell keys list` beside the server). The server and the CLI both write the log
   * (accounts' keys, the operator's), each under the log's lock.
   */
  static open(logs: StateLogs, options: { readOnly?: boolean; compactAfter?: number } = {}): KeyStore {
    const readOnly = options.readOnly ?? false;
    const compactAfter = options.compactAfter ?? 1_000;
    return new KeyStore(logs.open(KEYS_FILE, KeyEvent, machine, { readOnly, compactAfter }));
  }

  /**
   * Creates a key, durably (fsync) before returning it: the only time the key itself exists outside its holder.
   * `account`: the account that holds it (made in its settings); absent for the operator's keys.
   */
  create(name: string, plan: KeyPlan, now = new Date(), account?: string): { key: string; record: KeyRecord } {
    const key = newApiKey();
    let id = '';
    // The id is chosen under the log's lock, after reading what others wrote: ids stay unique across processes.
    this.#log.transact((state) => {
      do id = newKeyId();
      while (state.byId.has(id));
      return [
        {
          type: 'key_created',
          id,
          name,
          plan,
          hash: hashApiKey(key),
          created_at: now.toISOString(),
          ...(account === undefined ? {} : { account }),
        },
      ];
    }, 'fsync');
    return { key, record: this.#log.state.byId.get(id) as KeyRecord };
  }

  /** The keys an account holds, revoked ones included, oldest first. */
  ofAccount(account: string): readonly KeyRecord[] {
    this.#log.refresh();
    return this.#log.state.byAccount.get(account) ?? [];
  }

  byId(id: string): KeyRecord | undefined {
    this.#log.refresh();
    return this.#log.state.byId.get(id);
  }

  /** Revokes a key by its id; false when no such key exists. Revoking twice keeps the first date. */
  revoke(id: string, now = new Date()): KeyRecord | null {
    this.#log.transact((state) => {
      const record = state.byId.get(id);
      return record === undefined || record.revoked_at !== null
        ? []
        : [{ type: 'key_revoked', id, revoked_at: now.toISOString() }];
    }, 'fsync');
    return this.#log.state.byId.get(id) ?? null;
  }

  /**
   * The key a secret belongs to. Reads what other processes appended first (a stat of the file when nothing
   * changed), so a key created by the CLI a moment ago is known, and one revoked a moment ago is refused; a secret
   * not found is looked for once more in the log itself, so a key made on another replica a moment ago works here.
   */
  lookup(secret: string): KeyLookup {
    const hash = hashApiKey(secret);
    return this.#found(readThrough(this.#log, (state) => state.byHash.get(hash)));
  }

  /**
   * As `lookup`, but from what this process has heard of the log only: an unknown secret costs no round trip to a
   * store shared by replicas (a key made on another one a moment ago may not be known yet).
   */
  lookupHeard(secret: string): KeyLookup {
    this.#log.refresh();
    return this.#found(this.#log.state.byHash.get(hashApiKey(secret)));
  }

  #found(key: KeyRecord | undefined): KeyLookup {
    if (key === undefined) return { ok: false, reason: 'unknown' };
    return key.revoked_at === null ? { ok: true, key } : { ok: false, reason: 'revoked', key };
  }

  /** Reads every key written up to now by every process, whether or not a notice of it has come yet. */
  sync(): void {
    this.#log.sync();
  }

  list(): KeyRecord[] {
    this.#log.refresh();
    return [...this.#log.state.byId.values()];
  }

  close(): void {
    this.#log.close();
  }
}
