// The resolution measurement: pairwise scoring on a tiny labelled set, and the real labelled set on the shared samples.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreClusters, type LabelSet } from '../../bench/resolution-labels.js';
import { measure, readLabels, sanctionsSources } from '../../bench/resolution-measure.js';
import { SHARED_DATA, skipUnlessShared } from '../helpers/shared-data.js';

/** Floors chosen below the measured figures (bench/RESULTS.md), so that a regression fails and noise does not. */
const PRECISION_FLOOR = 0.95;
const RECALL_FLOOR = 0.6;

describe('resolution scoring', () => {
  it('counts pairs within labelled clusters, and labelled different pairs merged', () => {
    const set: LabelSet = {
      clusters: [
        { ids: ['a:1', 'b:1', 'c:1'], note: '' },
        { ids: ['a:2'], note: '' },
      ],
      different: [{ a: 'a:2', b: 'd:9', note: '' }],
    };
    // Predicted: a:1 with b:1 (right), c:1 alone (missed twice), a:2 merged with d:9 (wrong).
    const predicted: Record<string, string> = { 'a:1': 'x', 'b:1': 'x', 'c:1': 'y', 'a:2': 'z', 'd:9': 'z' };
    const s = scoreClusters(set, (id) => predicted[id]);
    assert.deepEqual([s.goldPairs, s.predictedPairs, s.truePositives, s.mergedDifferent], [3, 2, 1, 1]);
    assert.equal(s.precision, 0.5);
    assert.equal(s.recall, 1 / 3);
  });

  it(
    'on the shared sanctions samples: no false merge, and precision and recall above their floors',
    { skip: skipUnlessShared('ofac') },
    async () => {
      const set = readLabels().sets.sanctions;
      assert.ok(set !== undefined && set.clusters.length > 100, 'the labelled set has its sanctions clusters');
      const [m] = await measure(set, () => sanctionsSources(SHARED_DATA), [true]);
      assert.ok(m !== undefined);
      assert.equal(m.falseMerges, 0);
      assert.equal(m.mergedDifferent, 0);
      assert.ok(m.precision >= PRECISION_FLOOR, `precision ${m.precision}`);
      assert.ok(m.recall >= RECALL_FLOOR, `recall ${m.recall}`);
    },
  );
});
