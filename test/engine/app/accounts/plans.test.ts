import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anonymousCaller, anonymousLimits, planLimits } from '../../../../engine/app/accounts/plans.js';
import { loadConfig } from '../../../../engine/app/config.js';
import { ConfigError } from '../../../../engine/errors/config-error.js';

describe('plans and their configuration', () => {
  it("defaults to the contract's limits: 60/min and 25 anonymous, 600/min and 100 keyed", () => {
    const config = loadConfig({}, {});
    assert.deepEqual(planLimits(config, 'keyed'), { rate: 600, batch: 100 });
    assert.deepEqual(planLimits(config, 'free'), { rate: 300, batch: 100 });
    assert.deepEqual(planLimits(config, 'analyst'), { rate: 600, batch: 100 });
    assert.deepEqual(planLimits(config, 'team'), { rate: 600, batch: 100 });
    assert.deepEqual(anonymousLimits(config), { rate: 60, batch: 25 });
    assert.deepEqual(anonymousCaller(config), { keyed: false, batchLimit: 25 });
    assert.equal(config.trustProxy, false);
  });

  it('reads each limit from its variable, and refuses nonsense naming the variable', () => {
    const config = loadConfig(
      {},
      {
        UNSHELL_RATE_ANONYMOUS: '5',
        UNSHELL_RATE_KEYED: '50',
        UNSHELL_BATCH_ANONYMOUS: '2',
        UNSHELL_BATCH_KEYED: '10',
        UNSHELL_TRUST_PROXY: 'true',
      },
    );
    assert.deepEqual(planLimits(config, 'keyed'), { rate: 50, batch: 10 });
    assert.deepEqual(anonymousLimits(config), { rate: 5, batch: 2 });
    assert.deepEqual(
      planLimits(config, 'free'),
      { rate: 300, batch: 100 },
      "an account plan's terms are the price list's",
    );
    assert.equal(config.trustProxy, true);
    const refuses = (env: Record<string, string>, name: string): void =>
      assert.throws(
        () => loadConfig({}, env),
        (err: unknown) => err instanceof ConfigError && err.message.includes(name),
      );
    refuses({ UNSHELL_RATE_ANONYMOUS: '0' }, 'UNSHELL_RATE_ANONYMOUS');
    refuses({ UNSHELL_RATE_KEYED: 'lots' }, 'UNSHELL_RATE_KEYED');
    refuses({ UNSHELL_BATCH_KEYED: '101' }, 'UNSHELL_BATCH_KEYED');
    refuses({ UNSHELL_TRUST_PROXY: 'maybe' }, 'UNSHELL_TRUST_PROXY');
  });
});
