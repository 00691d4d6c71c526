// End to end: GLEIF fixtures built into a snapshot beside the demo investigations, read through ownership-path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Context } from '../../../../engine/app/contract/capability.js';
import { ownershipPath } from '../../../../engine/app/capabilities/ownership-path.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { investigationsSource } from '../../../../snapshots/demo/demo-corpus.js';
import { importSource } from '../../../../snapshots/importers/import-source.js';
import { gleifLeiCdfXml } from '../../../../snapshots/importers/gleif/gleif-lei-cdf-xml.js';
import { gleifRepexXml } from '../../../../snapshots/importers/gleif/gleif-repex-xml.js';
import { gleifRrXml } from '../../../../snapshots/importers/gleif/gleif-rr-xml.js';
import { fixture } from '../../../helpers/fixtures.js';
import { loadTestCorpus, testContext } from '../../../helpers/snapshot.js';

let ctx: Context;
let remove: () => void;

before(async () => {
  const options = { retrievedAt: '2026-01-01' };
  const t = await loadTestCorpus([
    investigationsSource(),
    importSource(gleifLeiCdfXml, fixture('gleif', 'lei-cdf.xml'), options),
    importSource(gleifRrXml, fixture('gleif', 'rr.xml'), options),
    importSource(gleifRepexXml, fixture('gleif', 'repex.xml'), options),
  ]);
  remove = t.remove;
  ctx = testContext(t.corpus, new Date('2026-01-02T12:00:00Z'));
});
after(() => remove());

describe('GLEIF records in the ownership path', () => {
  it('the parent is a parent hop, and the chain ends at its reporting exception', async () => {
    const out = await ownershipPath.run(ctx, parseInput(ownershipPath, { root: 'lei:213800NWTRADLTD0BB02' }));
    const hop = out.hops.find((h) => h.to.id === 'lei:213800NWHOLDPLC0AA68');
    assert.equal(hop?.kind, 'parent');
    assert.equal(hop?.depth, 1);
    assert.ok(['direct-parent', 'ultimate-parent'].includes(hop?.role ?? ''));
    const end = out.chain_ends.find((c) => c.entity.id === 'lei:213800NWHOLDPLC0AA68');
    assert.equal(end?.reason, 'reporting-exception');
    assert.equal(end?.code, 'NATURAL_PERSONS');
    assert.match(end?.summary ?? '', /controlled by natural persons/);
  });

  it('an ended relationship is not walked', async () => {
    const out = await ownershipPath.run(ctx, parseInput(ownershipPath, { root: 'lei:549300NORDVINDAB0C02' }));
    assert.equal(out.hops.length, 0);
  });
});
