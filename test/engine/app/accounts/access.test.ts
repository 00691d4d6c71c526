import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { z } from 'zod';
import { Access } from '../../../../engine/app/accounts/access.js';
import { AccountStore } from '../../../../engine/app/accounts/account-store.js';
import { KEYS_FILE, KeyStore } from '../../../../engine/app/accounts/key-store.js';
import { loadConfig } from '../../../../engine/app/config.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';
import type { StateLog, StateLogOptions, StateLogs, StateMachine } from '../../../../engine/state/state-log.js';
import { tempDir } from '../../../helpers/snapshot.js';

/** File logs that count, per log, the reads of the log itself (`sync`): a round trip where the logs are shared. */
class SyncCountingLogs implements StateLogs {
  readonly shared = false;
  readonly syncs = new Map<string, number>();
  readonly #files: FileStateLogs;

  constructor(dir: string) {
    this.#files = new FileStateLogs(dir);
  }

  get place(): string {
    return this.#files.place;
  }

  open<S, E>(
    name: string,
    schema: z.ZodType<E>,
    machine: StateMachine<S, E>,
    options?: StateLogOptions,
  ): StateLog<S, E> {
    const log = this.#files.open(name, schema, machine, options);
    const syncs = this.syncs;
    return {
      where: log.where,
      get state() {
        return log.state;
      },
      commit: (event, durability) => log.commit(event, durability),
      commitMany: (events, durability) => log.commitMany(events, durability),
      commitSoon: (events, durability) => log.commitSoon(events, durability),
      transact: (decide, durability) => log.transact(decide, durability),
      refresh: () => log.refresh(),
      sync: () => {
        syncs.set(name, (syncs.get(name) ?? 0) + 1);
        log.sync();
      },
      compact: () => log.compact(),
      close: () => log.close(),
    };
  }
}

const GUESS = `unsh_${'A'.repeat(43)}`;

describe('Access', () => {
  it('reads the shared store for an unknown key only while its client is within the anonymous limit', () => {
    const t = tempDir('access');
    const logs = new SyncCountingLogs(t.dir);
    const config = loadConfig({}, { UNSHELL_RATE_ANONYMOUS: '5' });
    const access = Access.open(config, logs, { accounts: AccountStore.open(logs) });
    try {
      const answers = Array.from({ length: 20 }, () => access.admit(`Bearer ${GUESS}`, '203.0.113.7'));
      const codes = answers.map((a) => ('error' in a ? a.error.code : 'admitted'));
      assert.deepEqual(codes, [...Array<string>(5).fill('invalid_api_key'), ...Array<string>(15).fill('rate_limited')]);
      assert.equal(logs.syncs.get(KEYS_FILE), 5, 'one read of the shared store per guess the limit let through');

      // Another client is not held back by the first one's guesses, and a real key is found without a read.
      const { key } = KeyStore.open(new FileStateLogs(t.dir)).create('late', 'keyed');
      const admitted = access.admit(`Bearer ${key}`, '203.0.113.7');
      assert.ok(!('error' in admitted), 'a key made by another process is let in, whatever its IP did before');
      assert.equal(logs.syncs.get(KEYS_FILE), 5);
      const other = access.admit(`Bearer ${GUESS}`, '198.51.100.1');
      assert.equal('error' in other ? other.error.code : 'admitted', 'invalid_api_key');
      assert.equal(logs.syncs.get(KEYS_FILE), 6);
    } finally {
      access.close();
      t.remove();
    }
  });
});
