// Ownership links as columns: each owner's links visited as they were given, shares and control kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OwnershipColumns } from '../../../engine/sanctions/ownership-columns.js';
import type { OwnershipLink } from '../../../engine/sanctions/ownership-link.js';

describe('OwnershipColumns', () => {
  it("visits each owner's links in the order they were added, past the first capacity", () => {
    const columns = new OwnershipColumns();
    const given: OwnershipLink[] = [];
    for (let i = 0; i < 3_000; i++) {
      const link: OwnershipLink = {
        owner: (i * 7) % 500,
        owned: 500 + i,
        share: i % 3 === 0 ? null : { min: i % 100, max: (i % 100) + 0.5 },
        control: i % 3 === 0 && i % 2 === 0,
      };
      given.push(link);
      columns.push(link);
    }
    columns.group(3_500);
    for (const owner of [0, 7, 499, 3_499]) {
      const seen: OwnershipLink[] = [];
      columns.from(owner, (l) => seen.push(l));
      assert.deepEqual(
        seen,
        given.filter((l) => l.owner === owner),
      );
    }
    assert.throws(
      () => columns.push({ owner: 1, owned: 2, share: null, control: false }),
      /after the links were grouped/,
    );
  });
});
