// Roles and stored risk derived from the loaded corpus for one entity agree with what the build stored for it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rolesOf, storedRiskOf } from '../../../engine/live/entity-facts.js';
import { useTestContext } from '../../helpers/snapshot.js';

const suite = useTestContext();

describe('entity facts derived live', () => {
  it('give every entity of the test corpus the roles and risk level the build stored', () => {
    const { corpus } = suite.ctx;
    const differ: string[] = [];
    for (let ix = 0; ix < corpus.entities.size; ix++) {
      const stored = corpus.entities.record(ix);
      const risk = storedRiskOf(corpus, ix);
      const roles = rolesOf(corpus, ix);
      if (risk !== stored.risk || roles.join(',') !== stored.roles.join(','))
        differ.push(`${stored.id}: ${risk} [${roles.join(',')}], stored ${stored.risk} [${stored.roles.join(',')}]`);
    }
    assert.ok(corpus.entities.size > 2000);
    assert.deepEqual(differ.slice(0, 10), [], `${differ.length} of ${corpus.entities.size} differ`);
  });
});
