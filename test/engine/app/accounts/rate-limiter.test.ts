import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from '../../../../engine/app/accounts/rate-limiter.js';

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
});
