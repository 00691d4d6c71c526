import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { KEYS_FILE, KeyStore } from '../../../../engine/app/accounts/key-store.js';
import { USAGE_FILE, UsageStore } from '../../../../engine/app/accounts/usage-store.js';
import { tempDir } from '../../../helpers/snapshot.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';

describe('KeyStore', () => {
  it('stores only a hash of each key, and finds a key by its secret', () => {
    const t = tempDir('keys');
    try {
      const store = KeyStore.open(new FileStateLogs(t.dir));
      const { key, record } = store.create('ci', 'keyed');
      assert.match(key, /^unsh_[A-Za-z0-9_-]{43}$/);
      assert.match(record.id, /^key_[0-9a-f]{12}$/);
      const file = readFileSync(path.join(t.dir, KEYS_FILE), 'utf8');
      assert.ok(!file.includes(key.slice(5)), 'the key itself is not on disk');
      assert.ok(file.includes(record.hash));
      assert.deepEqual(store.lookup(key), { ok: true, key: record });
      assert.deepEqual(store.lookup(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`), {
        ok: false,
        reason: 'unknown',
      });
      store.close();
    } finally {
      t.remove();
    }
  });

  it('lets a read-only reader (the server) see keys created and revoked by another writer (the CLI) after it opened', () => {
    const t = tempDir('keys');
    try {
      const server = KeyStore.open(new FileStateLogs(t.dir), { readOnly: true });
      const cli = KeyStore.open(new FileStateLogs(t.dir));
      const { key, record } = cli.create('late', 'free');
      assert.equal(server.lookup(key).ok, true);
      assert.equal(cli.revoke(record.id)?.revoked_at !== null, true);
      const after = server.lookup(key);
      assert.equal(after.ok, false);
      assert.equal(after.ok === false && after.reason, 'revoked');
      assert.equal(cli.revoke('key_000000000000'), null);
      assert.deepEqual(
        server.list().map((k) => [k.name, k.plan]),
        [['late', 'free']],
      );
      server.close();
      cli.close();
    } finally {
      t.remove();
    }
  });
});

describe('UsageStore', () => {
  it('counts requests and credits per caller and day, across a reopen, in a compacted log', () => {
    const t = tempDir('usage');
    try {
      const usage = UsageStore.open(new FileStateLogs(t.dir), { compactAfter: 50 });
      const day1 = new Date('2026-11-22T23:59:00Z');
      const day2 = new Date('2026-11-23T00:01:00Z');
      for (let i = 0; i < 120; i++) usage.record('ip:10.0.0.1', i % 4 === 0 ? 0 : 1, i < 100 ? day1 : day2);
      usage.record('key:key_0123456789ab', 1, day2);
      usage.close();
      const lines = readFileSync(path.join(t.dir, USAGE_FILE), 'utf8').trim().split('\n');
      assert.ok(lines.length < 60, `${lines.length} lines`);
      const report = UsageStore.open(new FileStateLogs(t.dir), { readOnly: true }).report();
      assert.deepEqual(report, [
        {
          subject: 'ip:10.0.0.1',
          total: { requests: 120, credits: 90 },
          days: [
            { day: '2026-11-23', requests: 20, credits: 15 },
            { day: '2026-11-22', requests: 100, credits: 75 },
          ],
        },
        {
          subject: 'key:key_0123456789ab',
          total: { requests: 1, credits: 1 },
          days: [{ day: '2026-11-23', requests: 1, credits: 1 }],
        },
      ]);
    } finally {
      t.remove();
    }
  });

  it('writes the counts of one turn of the event loop as one group, each promise resolving once its count is on disk', async () => {
    const t = tempDir('usage-group');
    try {
      const usage = UsageStore.open(new FileStateLogs(t.dir), { compactAfter: 10_000 });
      const now = new Date('2026-11-23T12:00:00Z');
      const file = path.join(t.dir, USAGE_FILE);
      const before = readFileSync(file, 'utf8');
      let written = -1;
      const group = Array.from({ length: 40 }, (_, i) =>
        usage.recordSoon(i % 2 === 0 ? 'ip:10.0.0.1' : 'ip:10.0.0.2', 1, now),
      );
      // Nothing is written within the turn; all forty counts are once the first promise resolves, folded to one
      // line per subject and day.
      assert.equal(readFileSync(file, 'utf8'), before);
      await group[0]?.then(() => (written = readFileSync(file, 'utf8').trim().split('\n').length));
      await Promise.all(group);
      assert.equal(written, 2);
      // A count still waiting when the store closes is written, not dropped.
      const late = usage.recordSoon('ip:10.0.0.3', 1, now);
      usage.close();
      await late;
      const report = UsageStore.open(new FileStateLogs(t.dir), { readOnly: true }).report();
      assert.deepEqual(
        report.map((r) => [r.subject, r.total.requests]),
        [
          ['ip:10.0.0.1', 20],
          ['ip:10.0.0.2', 20],
          ['ip:10.0.0.3', 1],
        ],
      );
    } finally {
      t.remove();
    }
  });

  it('keeps what was spent from each credit lease through compaction and a reopen', async () => {
    const t = tempDir('usage-leases');
    try {
      const usage = UsageStore.open(new FileStateLogs(t.dir), { compactAfter: 3 });
      const now = new Date();
      for (let i = 0; i < 4; i++) await usage.recordSoon('key:key_a', 5, now, 'lease-1');
      await usage.recordSoon('key:key_a', 2, now, 'lease-2');
      await usage.recordSoon('key:key_a', 9, now);
      assert.equal(usage.spentFrom('lease-1'), 20);
      assert.equal(usage.spentFrom('lease-2'), 2);
      assert.equal(usage.spentFrom('lease-3'), 0);
      usage.close();
      const lines = readFileSync(path.join(t.dir, USAGE_FILE), 'utf8').trim().split('\n');
      assert.ok(lines.length < 6, `${lines.length} lines: compacted`);
      const again = UsageStore.open(new FileStateLogs(t.dir), { readOnly: true });
      assert.equal(again.spentFrom('lease-1'), 20);
      assert.equal(again.spentFrom('lease-2'), 2);
      // The counts by day are not counted twice by what the leases keep.
      assert.equal(again.creditsSince('key:key_a', now.toISOString().slice(0, 10)), 31);
    } finally {
      t.remove();
    }
  });
});
