// Every durable log of the service, as the fault harness drives it: one acknowledged write, and what is present.
//
// A log added to the service (the live journal, accounts, shared state) is added here, and the kill -9, full-disk
// and read-only tests cover it from then on. Each write carries an identity of its own, so that "present exactly
// once" can be read back through the store's own replay.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ACCOUNTS_FILE, AccountStore } from '../../engine/app/accounts/account-store.js';
import { CREDIT_LEASES_FILE, CreditLeases } from '../../engine/app/accounts/credit-leases.js';
import { KEYS_FILE, KeyStore } from '../../engine/app/accounts/key-store.js';
import { SESSIONS_FILE, SessionStore } from '../../engine/app/accounts/session-store.js';
import { USAGE_FILE, UsageStore } from '../../engine/app/accounts/usage-store.js';
import { BILLING_LOG, BillingStore } from '../../engine/app/billing/billing-store.js';
import { METER_LOG, MeterLog } from '../../engine/app/billing/meter-log.js';
import { PAYMENTS_LOG, PaymentStore } from '../../engine/app/billing/payment-store.js';
import { TOKEN_SECRET_FILE, tokenSecret } from '../../engine/app/billing/token-secret.js';
import { loadConfig } from '../../engine/app/config.js';
import { ChangeJournal, journalFile } from '../../engine/live/change-journal.js';
import { CorpusChangeSchema } from '../../engine/live/corpus-change.js';
import type { StateLogs } from '../../engine/state/state-log.js';

/** Small, so that kills also land during compaction (the rewrite and rename of the whole log). */
const COMPACT_AFTER = 7;

export interface DurableLog {
  /** The file the log keeps, under the data directory. */
  file: string;
  /** Writes running at once in one process (several are group-committed by the usage log). */
  concurrency: number;
  /** False for a file written once and then only read (the token secret): no disk fills while writing it. */
  appends: boolean;
  /**
   * Opens the store in `logs` (the data directory's files, or PostgreSQL) as its writer would, or only to read it
   * (`readOnly`, as on a read-only disk). `dataDir` is the data directory of the process all the same. A store
   * whose code is large to load (the journal's corpus) loads it here, so that a writer of another log starts fast.
   */
  open(logs: StateLogs, dataDir: string, readOnly: boolean): OpenLog | Promise<OpenLog>;
}

export interface OpenLog {
  /** One write; resolves once the store has acknowledged it. Returns the identity the write is known by. */
  write(id: string): Promise<string>;
  /** How many times each of `ids` is present, read back through the store's replay. */
  present(ids: readonly string[]): Map<string, number>;
  close(): void;
}

const counts = (ids: readonly string[], has: (id: string) => number): Map<string, number> =>
  new Map(ids.map((id) => [id, has(id)]));

const keys: DurableLog = {
  file: KEYS_FILE,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = KeyStore.open(logs, { compactAfter: COMPACT_AFTER, readOnly });
    return {
      write: (id) => Promise.resolve(store.create(id, 'keyed').record.name),
      present(ids) {
        const named = new Map<string, number>();
        for (const k of store.list()) named.set(k.name, (named.get(k.name) ?? 0) + 1);
        return counts(ids, (id) => named.get(id) ?? 0);
      },
      close: () => store.close(),
    };
  },
};

const usage: DurableLog = {
  file: USAGE_FILE,
  concurrency: 8,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = UsageStore.open(logs, { compactAfter: COMPACT_AFTER, readOnly });
    const now = new Date('2026-11-25T12:00:00Z');
    return {
      // One subject per write: its request count is how many times the write is present.
      write: (id) => store.recordSoon(`ip:${id}`, 1, now).then(() => id),
      present(ids) {
        const requests = new Map(store.report().map((u) => [u.subject.slice('ip:'.length), u.total.requests]));
        return counts(ids, (id) => requests.get(id) ?? 0);
      },
      close: () => store.close(),
    };
  },
};

const payments: DurableLog = {
  file: PAYMENTS_LOG,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = new PaymentStore(logs, { compactAfter: COMPACT_AFTER, readOnly });
    let written = 0;
    return {
      // Every write opens a session; every other one also pays the session before it (a grant, written once).
      write(id) {
        const at = '2026-11-25T12:00:00.000Z';
        store.addSession({
          id,
          entity_id: 'demo:entity',
          cluster_id: 'demo:cluster',
          tier: 'standard',
          amount: 4900,
          currency: 'EUR',
          provider: 'test',
          provider_ref: null,
          checkout_url: `http://127.0.0.1/checkout/${id}`,
          created_at: at,
          expires_at: at,
        });
        if (written++ % 2 === 1)
          store.markPaid({
            id: `grant-${id}`,
            session_id: id,
            cluster_id: 'demo:cluster',
            tier: 'standard',
            paid_at: at,
            expires_at: at,
          });
        return Promise.resolve(id);
      },
      present: (ids) => counts(ids, (id) => (store.session(id) === undefined ? 0 : 1)),
      close: () => store.close(),
    };
  },
};

const tokenSecretFile: DurableLog = {
  file: TOKEN_SECRET_FILE,
  concurrency: 1,
  appends: false,
  open(logs, dataDir) {
    const config = loadConfig({ dataDir }, {});
    // The secret is known by its hash: every start after the first must find the one the first start wrote.
    const known = (): string =>
      `secret-${createHash('sha256').update(tokenSecret(config, logs)).digest('hex').slice(0, 16)}`;
    return {
      write: () => Promise.resolve(known()),
      present: (ids) => {
        const current = known();
        return counts(ids, (id) => (id === current ? 1 : 0));
      },
      close: () => undefined,
    };
  },
};

/** A stored hash of the shape password.ts writes: the log is under test here, not the hashing. */
const SOME_PASSWORD_HASH = 'scrypt$17$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

const accounts: DurableLog = {
  file: ACCOUNTS_FILE,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = AccountStore.open(logs, { compactAfter: COMPACT_AFTER, readOnly });
    let written = 0;
    return {
      // Every write makes an account; every third one also confirms it (a second event about the same account).
      write(id) {
        const account = store.create(`${id}@example.org`, SOME_PASSWORD_HASH, new Date('2026-11-26T10:00:00Z'));
        if (written++ % 3 === 2) store.verify(account.id, new Date('2026-11-26T10:01:00Z'));
        return Promise.resolve(id);
      },
      present(ids) {
        const byEmail = new Map<string, number>();
        for (const a of store.all()) if (a.email !== null) byEmail.set(a.email, (byEmail.get(a.email) ?? 0) + 1);
        return counts(ids, (id) => byEmail.get(`${id}@example.org`) ?? 0);
      },
      close: () => store.close(),
    };
  },
};

const sessions: DurableLog = {
  file: SESSIONS_FILE,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = SessionStore.open(logs, { compactAfter: COMPACT_AFTER, readOnly });
    return {
      // A session per write, for an account named after it (the sessions of a fresh sign-in last 14 days).
      write(id) {
        store.start(`acct_${id}`, new Date());
        return Promise.resolve(id);
      },
      present: (ids) => counts(ids, (id) => store.ofAccount(`acct_${id}`).length),
      close: () => store.close(),
    };
  },
};

const JOURNAL_SNAPSHOT = 'fault-test';

const journal: DurableLog = {
  file: journalFile(JOURNAL_SNAPSHOT),
  concurrency: 1,
  appends: true,
  async open(logs, _dataDir, readOnly) {
    const [{ LiveCorpus }, { emptyCorpus }] = await Promise.all([
      import('../../engine/live/live-corpus.js'),
      import('./empty-corpus.js'),
    ]);
    // Each write is a change that adds an entity; the journal's replay says how many times each change was applied.
    const applied = new Map<string, number>();
    const live = new LiveCorpus(emptyCorpus(JOURNAL_SNAPSHOT));
    const store = ChangeJournal.openIn(logs, journalFile(JOURNAL_SNAPSHOT), live, {
      readOnly,
      observe: (entry) => {
        if ('origin' in entry.origin) applied.set(entry.origin.origin, (applied.get(entry.origin.origin) ?? 0) + 1);
      },
    });
    const provenance = { source: 'fault-test', record_id: 'r', url: null, retrieved_at: '2026-11-25' };
    return {
      write(id) {
        const change = CorpusChangeSchema.parse({
          entities: [
            { record: 'entity', id: `test:${id}`, type: 'company', name: `Company ${id}`, provenance: [provenance] },
          ],
        });
        store.record({ origin: { origin: id }, change });
        return Promise.resolve(id);
      },
      present: (ids) =>
        counts(ids, (id) => (live.corpus.entities.indexOf(`test:${id}`) === undefined ? 0 : (applied.get(id) ?? 0))),
      close: () => store.close(),
    };
  },
};

const billing: DurableLog = {
  file: BILLING_LOG,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = new BillingStore(logs, { compactAfter: COMPACT_AFTER, readOnly });
    const at = '2026-11-26T12:00:00.000Z';
    const account = 'acct_fault';
    return {
      // A purchase, paid with its pack's unlocks, and one unlock spent: the three kinds of line an account writes.
      write(id) {
        const allowance = {
          id: `al_${id}`,
          account,
          tier: 'standard' as const,
          count: 10,
          source: `pack:${id}`,
          granted_at: at,
          expires_at: null,
        };
        store.write({
          type: 'purchase',
          purchase: {
            id,
            account,
            kind: 'pack',
            item: 'standard-10',
            amount: 290,
            currency: 'EUR',
            provider: 'test',
            provider_ref: null,
            checkout_url: `http://127.0.0.1/checkout/test/${id}`,
            created_at: at,
            expires_at: at,
          },
        });
        store.write({ type: 'paid', purchase: id, at, payment_ref: null, grants: [allowance] });
        store.write({
          type: 'unlock',
          unlock: {
            id,
            account,
            cluster_id: `c-${id}`,
            entity_id: `e-${id}`,
            tier: 'standard',
            allowance: allowance.id,
            at,
            expires_at: at,
          },
        });
        return Promise.resolve(id);
      },
      // An unlock is a list entry: a line written twice would show twice.
      present(ids) {
        const unlocks = new Map<string, number>();
        for (const u of store.unlocksOf(account)) unlocks.set(u.id, (unlocks.get(u.id) ?? 0) + 1);
        return counts(ids, (id) => unlocks.get(id) ?? 0);
      },
      close: () => store.close(),
    };
  },
};

const meter: DurableLog = {
  file: METER_LOG,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const log = new MeterLog(logs, { compactAfter: COMPACT_AFTER, readOnly });
    let written = 0;
    return {
      // A batch of one credit, and every other one marked sent: its credits count once in what was reported.
      write(id) {
        log.add({
          id,
          account: 'acct_fault',
          month: '2026-11',
          credits: 1,
          customer: null,
          at: '2026-11-26T12:00:00.000Z',
        });
        if (written++ % 2 === 1) log.markSent(id, new Date('2026-11-26T12:00:01Z'));
        return Promise.resolve(id);
      },
      present(ids) {
        const batches = new Map<string, number>();
        for (const b of log.all()) batches.set(b.id, (batches.get(b.id) ?? 0) + 1);
        assert.equal(
          log.reported('acct_fault', '2026-11'),
          [...batches.values()].reduce((a, b) => a + b, 0),
        );
        return counts(ids, (id) => batches.get(id) ?? 0);
      },
      close: () => log.close(),
    };
  },
};

const creditLeases: DurableLog = {
  file: CREDIT_LEASES_FILE,
  concurrency: 1,
  appends: true,
  open(logs, _dataDir, readOnly) {
    const store = CreditLeases.open(logs, { compactAfter: COMPACT_AFTER, readOnly });
    const month = '2026-11';
    const now = new Date('2026-11-26T12:00:00Z');
    const until = new Date('2099-01-01T00:00:00Z');
    let written = 0;
    return {
      // A lease per write, taken for an account named after it; every other write also takes and gives back a
      // lease of another account, so that closings are written (and compacted away) too.
      async write(id) {
        const other = written++ % 2 === 1 ? store.take(`other-${id}`, month, until, now, () => 3) : null;
        if (store.take(id, month, until, now, () => 5) === null) throw new Error('no lease taken');
        if (other !== null) await store.giveBack(other.id);
        return id;
      },
      present: (ids) => counts(ids, (id) => store.open(id, month, now).length),
      close: () => store.close(),
    };
  },
};

export const DURABLE_LOGS = {
  billing,
  meter,
  keys,
  usage,
  payments,
  'token-secret': tokenSecretFile,
  journal,
  accounts,
  sessions,
  'credit-leases': creditLeases,
} as const;
export type DurableLogName = keyof typeof DURABLE_LOGS;

export const isDurableLogName = (name: string): name is DurableLogName => Object.hasOwn(DURABLE_LOGS, name);

export const logFile = (name: DurableLogName, dataDir: string): string => path.join(dataDir, DURABLE_LOGS[name].file);
