// The operator's API keys, as hashes only, in a state log under the data directory shared by the server and the CLI.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ioReason } from '../../errors/io-reason.js';
import { DurableState, StateLogError, type StateMachine } from '../../state/durable-state.js';
import { hashApiKey, newApiKey, newKeyId } from './api-key.js';
import { PLANS, type Plan } from './plans.js';

export const KEYS_FILE = 'keys.log';

export interface KeyRecord {
  id: string;
  name: string;
  plan: Plan;
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
    plan: z.enum(PLANS),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    created_at: z.string(),
  }),
  z.object({ type: z.literal('key_revoked'), id: z.string(), revoked_at: z.string() }),
]);
type KeyEvent = z.infer<typeof KeyEvent>;

interface Keys {
  byId: Map<string, KeyRecord>;
  byHash: Map<string, KeyRecord>;
}

const machine: StateMachine<Keys, KeyEvent> = {
  initial: () => ({ byId: new Map(), byHash: new Map() }),
  apply(state, e) {
    if (e.type === 'key_created') {
      const record: KeyRecord = {
        id: e.id,
        name: e.name,
        plan: e.plan,
        hash: e.hash,
        created_at: e.created_at,
        revoked_at: null,
      };
      state.byId.set(e.id, record);
      state.byHash.set(e.hash, record);
    } else {
      const record = state.byId.get(e.id);
      if (record !== undefined) record.revoked_at = e.revoked_at;
    }
  },
  *compacted(state) {
    for (const r of state.byId.values()) {
      yield { type: 'key_created', id: r.id, name: r.name, plan: r.plan, hash: r.hash, created_at: r.created_at };
      if (r.revoked_at !== null) yield { type: 'key_revoked', id: r.id, revoked_at: r.revoked_at };
    }
  },
};

export type KeyLookup = { ok: true; key: KeyRecord } | { ok: false; reason: 'unknown' | 'revoked'; key?: KeyRecord };

export class KeyStore {
  readonly #log: DurableState<Keys, KeyEvent>;

  private constructor(log: DurableState<Keys, KeyEvent>) {
    this.#log = log;
  }

  /**
   * `readOnly`: the server, which only reads keys (the CLI writes them). The file is created first if absent (owner
   * only), so that a reader started before the first key exists still sees the keys created after it.
   */
  static open(dataDir: string, options: { readOnly?: boolean; compactAfter?: number } = {}): KeyStore {
    const file = path.join(dataDir, KEYS_FILE);
    const readOnly = options.readOnly ?? false;
    try {
      if (!readOnly || !existsSync(file)) {
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        closeSync(openSync(file, 'a', 0o600));
      }
    } catch (err) {
      throw new StateLogError(`cannot create state log ${file}: ${ioReason(err)}`);
    }
    const compactAfter = options.compactAfter ?? 1_000;
    return new KeyStore(DurableState.open(file, KeyEvent, machine, { readOnly, compactAfter }));
  }

  /** Creates a key, durably (fsync) before returning it: the only time the key itself exists outside its holder. */
  create(name: string, plan: Plan, now = new Date()): { key: string; record: KeyRecord } {
    const key = newApiKey();
    this.#log.refresh();
    let id = newKeyId();
    while (this.#log.state.byId.has(id)) id = newKeyId();
    this.#log.commit(
      { type: 'key_created', id, name, plan, hash: hashApiKey(key), created_at: now.toISOString() },
      'fsync',
    );
    return { key, record: this.#log.state.byId.get(id) as KeyRecord };
  }

  /** Revokes a key by its id; false when no such key exists. Revoking twice keeps the first date. */
  revoke(id: string, now = new Date()): KeyRecord | null {
    this.#log.refresh();
    const record = this.#log.state.byId.get(id);
    if (record === undefined) return null;
    if (record.revoked_at === null)
      this.#log.commit({ type: 'key_revoked', id, revoked_at: now.toISOString() }, 'fsync');
    return record;
  }

  /**
   * The key a secret belongs to. Reads what other processes appended first: a stat of the file when nothing
   * changed, so a key created by the CLI a moment ago is known, and one revoked a moment ago is refused.
   */
  lookup(secret: string): KeyLookup {
    this.#log.refresh();
    const key = this.#log.state.byHash.get(hashApiKey(secret));
    if (key === undefined) return { ok: false, reason: 'unknown' };
    return key.revoked_at === null ? { ok: true, key } : { ok: false, reason: 'revoked', key };
  }

  list(): KeyRecord[] {
    this.#log.refresh();
    return [...this.#log.state.byId.values()];
  }

  close(): void {
    this.#log.close();
  }
}
