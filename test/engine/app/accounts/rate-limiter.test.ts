import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from '../../../../engine/app/accounts/rate-limiter.js';
import type { RateSharing } from '../../../../engine/app/accounts/rate-sharing.js';

/**
 * Replicas that hear of each other's counts only when `reconcile` is called, as the PostgreSQL reconciliation
 * does every 20 ms: the shared rows, and each replica's counts not yet sent.
 */
function replicasSharing(n: number): { sharings: RateSharing[]; reconcile: () => void } {
  const rows = new Map<string, number[]>();
  const sharings = Array.from({ length: n }, (_, me) => {
    const unsent = new Map<string, number>();
    const heard = new Map<string, number>();
    return {
      sharing: {
        replicas: n,
        others: (key: string, start: number) => heard.get(`${start} ${key}`) ?? 0,
        unheard: (key: string, start: number) => unsent.get(`${start} ${key}`) ?? 0,
        counted: (key: string, start: number) => {
          const slot = `${start} ${key}`;
          unsent.set(slot, (unsent.get(slot) ?? 0) + 1);
        },
      } satisfies RateSharing,
      send: () => {
        for (const [slot, count] of unsent) {
          const row = rows.get(slot) ?? new Array<number>(n).fill(0);
          row[me] = (row[me] ?? 0) + count;
          rows.set(slot, row);
        }
        unsent.clear();
      },
      hear: () => {
        for (const [slot, row] of rows)
          heard.set(
            slot,
            row.reduce((a, b, i) => (i === me ? a : a + b), 0),
          );
      },
    };
  });
  return {
    sharings: sharings.map((s) => s.sharing),
    reconcile: () => {
      for (const s of sharings) s.send();
      for (const s of sharings) s.hear();
    },
  };
}

/** A limiter on a clock the test moves by hand: one minute passes in no time. */
function limiter(options: { maxBuckets?: number } = {}): { rl: RateLimiter; advance: (ms: number) => void } {
  let now = 1_000_000;
  return { rl: new RateLimiter({ ...options, clock: () => now }), advance: (ms) => void (now += ms) };
}

describe('RateLimiter', () => {
  it('allows `limit` requests in a minute, counting down, and refuses the next with a retry delay', () => {
    const { rl, advance } = limiter();
    for (let i = 1; i <= 60; i++) {
      const d = rl.take('ip:a', 60);
      assert.equal(d.allowed, true);
      assert.equal(d.remaining, 60 - i);
      advance(500);
    }
    const refused = rl.take('ip:a', 60);
    assert.equal(refused.allowed, false);
    assert.equal(refused.remaining, 0);
    assert.ok(refused.retryAfterSeconds >= 1 && refused.retryAfterSeconds <= 60);
    // Waiting as long as told is enough, and a moment less is not.
    advance(refused.retryAfterSeconds * 1000 - 1500);
    assert.equal(rl.take('ip:a', 60).allowed, false);
    advance(1500);
    assert.equal(rl.take('ip:a', 60).allowed, true);
  });

  it('refuses the 61st request within a minute of the first however the requests are spread', () => {
    const { rl, advance } = limiter();
    for (let i = 0; i < 60; i++) {
      assert.equal(rl.take('ip:a', 60).allowed, true);
      advance(990);
    }
    assert.equal(rl.take('ip:a', 60).allowed, false);
  });

  it('gives the budget back gradually over the next window, not at once', () => {
    const { rl, advance } = limiter();
    for (let i = 0; i < 60; i++) rl.take('ip:a', 60);
    advance(60_000); // next window: the 60 now weigh fully, then decay
    assert.equal(rl.take('ip:a', 60).allowed, false);
    advance(30_000); // half decayed: about 30 more fit
    let allowed = 0;
    while (rl.take('ip:a', 60).allowed) allowed++;
    assert.ok(allowed >= 29 && allowed <= 30, String(allowed));
  });

  it('keeps callers apart', () => {
    const { rl } = limiter();
    for (let i = 0; i < 3; i++) rl.take('ip:a', 3);
    assert.equal(rl.take('ip:a', 3).allowed, false);
    assert.equal(rl.take('ip:b', 3).allowed, true);
    assert.equal(rl.take('key:k', 3).remaining, 2);
  });

  it('forgets idle callers and never holds more than maxBuckets', () => {
    const { rl, advance } = limiter({ maxBuckets: 100 });
    for (let i = 0; i < 1000; i++) rl.take(`ip:${i}`, 10);
    assert.ok(rl.size <= 100, String(rl.size));
    advance(121_000);
    rl.take('ip:new', 10);
    assert.equal(rl.size, 1);
  });

  it('reports the seconds until the current window closes', () => {
    const { rl, advance } = limiter();
    assert.equal(rl.take('ip:a', 5).resetSeconds, 60);
    advance(45_500);
    assert.equal(rl.take('ip:a', 5).resetSeconds, 15);
  });

  it('keeps replicas that share their counts to one limit between them, each to its share between reconciliations', () => {
    let now = 60_000 * 1_000 + 5_000;
    const { sharings, reconcile } = replicasSharing(3);
    const replicas = sharings.map((sharing) => new RateLimiter({ clock: () => now, sharing }));
    let allowed = 0;
    // A burst: 5 requests a millisecond to each replica, heard of by the others at each reconciliation. Alone, each
    // replica would let 300 in before the first.
    for (let ms = 0; ms < 2_000; ms++) {
      for (const rl of replicas) for (let i = 0; i < 5; i++) if (rl.take('key:k', 300).allowed) allowed++;
      now++;
      if (ms % 100 === 99) reconcile();
    }
    assert.ok(allowed <= 300 && allowed >= 290, `${allowed} let in for a limit of 300`);
  });

  it('lets a lone replica count as it always did: windows from the first request', () => {
    const { rl, advance } = limiter();
    advance(30_000);
    for (let i = 0; i < 5; i++) rl.take('ip:a', 5);
    advance(29_000);
    assert.equal(rl.take('ip:a', 5).allowed, false, 'the window began at the first request, not on the minute');
  });
});
