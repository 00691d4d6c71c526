// The shared budget of requests to an outside service: the limit per window, priorities, callers' shares, deadlines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { BudgetExhausted, RequestBudget } from '../../../../engine/app/external/request-budget.js';

/** Acquisitions in the order they were let out. */
function recorder(budget: RequestBudget): {
  order: string[];
  take: (name: string, o: Parameters<RequestBudget['acquire']>[0]) => Promise<void>;
} {
  const order: string[] = [];
  return { order, take: (name, o) => budget.acquire(o).then(() => void order.push(name)) };
}

describe('RequestBudget', () => {
  it('lets out the limit at once, and the next only when the first has left the window', async () => {
    const budget = new RequestBudget({ limit: 3, windowMs: 1_000, callerShare: 1 });
    const { order, take } = recorder(budget);
    await Promise.all(['a', 'b', 'c'].map((n) => take(n, { priority: 'interactive', deadlineMs: 5_000 })));
    const fourth = take('d', { priority: 'interactive', deadlineMs: 5_000 });
    await delay(20);
    assert.deepEqual(order, ['a', 'b', 'c'], 'the fourth waits while three are in the window');
    assert.equal(budget.used, 3);
    await fourth;
    assert.deepEqual(order, ['a', 'b', 'c', 'd']);
  });

  it('lets a waiting interactive request out before background work that waited longer', async () => {
    const budget = new RequestBudget({ limit: 1, windowMs: 100, callerShare: 1 });
    const { order, take } = recorder(budget);
    await take('first', { priority: 'interactive', deadlineMs: 5_000 });
    const waiting = [
      take('background', { priority: 'background', deadlineMs: 5_000 }),
      take('climb', { priority: 'climb', deadlineMs: 5_000 }),
      take('lookup', { priority: 'interactive', deadlineMs: 5_000 }),
    ];
    await Promise.all(waiting);
    assert.deepEqual(order, ['first', 'lookup', 'climb', 'background']);
  });

  it('keeps one caller to its share while others go on', async () => {
    const budget = new RequestBudget({ limit: 10, windowMs: 200, callerShare: 0.2 });
    const { order, take } = recorder(budget);
    const greedy = [1, 2, 3].map((i) =>
      take(`greedy ${i}`, { priority: 'interactive', caller: 'ip:a', deadlineMs: 5_000 }),
    );
    await take('other', { priority: 'interactive', caller: 'ip:b', deadlineMs: 5_000 });
    assert.deepEqual(order, ['greedy 1', 'greedy 2', 'other'], 'the third of ip:a waits for its share; ip:b does not');
    await Promise.all(greedy);
    assert.equal(order.at(-1), 'greedy 3');
  });

  it('gives up at the deadline, saying why, and counts nothing', async () => {
    const budget = new RequestBudget({ limit: 1, windowMs: 60_000, callerShare: 1 });
    await budget.acquire({ priority: 'interactive', deadlineMs: 1_000 });
    await assert.rejects(
      budget.acquire({ priority: 'interactive', deadlineMs: 30 }),
      (err: unknown) => err instanceof BudgetExhausted && /budget of 1 requests per 60 s is spent/.test(err.message),
    );
    assert.equal(budget.used, 1);
  });

  it('holds everything back during a pause the service asked for', async () => {
    const budget = new RequestBudget({ limit: 100, windowMs: 60_000, callerShare: 1 });
    budget.pause(60_000);
    await assert.rejects(
      budget.acquire({ priority: 'interactive', deadlineMs: 30 }),
      (err: unknown) => err instanceof BudgetExhausted && /pause \(429\)/.test(err.message),
    );
    const short = new RequestBudget({ limit: 100, windowMs: 60_000, callerShare: 1 });
    short.pause(50);
    await short.acquire({ priority: 'interactive', deadlineMs: 5_000 });
    assert.equal(short.used, 1);
  });
});
