// Ownership paths over the demo investigations, and the budget on a generated hub.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Context } from '../../../engine/app/contract/capability.js';
import { ownershipPath } from '../../../engine/app/capabilities/ownership-path.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { A, B, C } from '../../../snapshots/demo/investigations/all.js';
import { investigationsSource } from '../../../snapshots/demo/demo-corpus.js';
import { loadTestCorpus, testContext } from '../../helpers/snapshot.js';

let ctx: Context;
let remove: () => void;

const prov = (record_id: string): { source: string; record_id: string; url: null; retrieved_at: string } => ({
  source: 'test',
  record_id,
  url: null,
  retrieved_at: '2026-11-01',
});

/** A company with 10,000 corporate owners: the shape of a formation agent's hub. */
function* hub(): Generator<NormalisedRecordInput> {
  yield { record: 'entity', id: 'test:hub', type: 'company', name: 'HUB TARGET LIMITED', provenance: [prov('hub')] };
  for (let i = 0; i < 10_000; i++) {
    yield {
      record: 'entity',
      id: `test:o${i}`,
      type: 'company',
      name: `OWNER ${i} LIMITED`,
      provenance: [prov(`o${i}`)],
    };
    yield {
      record: 'relationship',
      source: `test:o${i}`,
      target: 'test:hub',
      kind: 'ownership',
      role: 'shareholder',
      share: { min: 0.01, max: 0.01 },
      provenance: prov(`r${i}`),
    };
  }
}

before(async () => {
  const t = await loadTestCorpus([investigationsSource(), { label: 'hub', records: hub() }]);
  remove = t.remove;
  ctx = testContext(t.corpus, new Date('2026-11-22T12:00:00Z'));
});
after(() => remove());

const trace = async (root: string, max_depth?: number) =>
  ownershipPath.run(ctx, parseInput(ownershipPath, max_depth === undefined ? { root } : { root, max_depth }));

describe('ownership path', () => {
  it('A: the UBO is the listed individual, holding 56.25–100% of the property company', async () => {
    const r = await trace(A.ukProperty);
    assert.equal(r.truncated, false);
    assert.deepEqual(
      r.hops.map((h) => [h.depth, h.from.id, h.to.id]),
      [
        [1, A.ukProperty, A.cyprusHolding],
        [2, A.cyprusHolding, A.bviShell],
        [3, A.bviShell, A.beneficialOwner],
      ],
    );
    const ubo = r.ubos.find((u) => u.entity.id === A.beneficialOwner);
    assert.deepEqual(ubo?.effective_share, { min: 56.25, max: 100 });
    assert.equal(ubo?.thresholds.at_least_50, 'certain');
    assert.deepEqual(ubo?.path_ids, [[A.ukProperty, A.cyprusHolding, A.bviShell, A.beneficialOwner]]);
    assert.equal(r.hops[2]?.effective_share?.min, 56.25);
  });

  it('A: through two routes the management company is only possibly 50% owned', async () => {
    const r = await trace(A.ukManagement);
    const ubo = r.ubos.find((u) => u.entity.id === A.beneficialOwner);
    assert.deepEqual(ubo?.effective_share, { min: 43.75, max: 100 });
    assert.equal(ubo?.thresholds.at_least_50, 'possible');
    assert.equal(ubo?.path_ids.length, 2);
  });

  it('B: reports the ownership loop in cycles and stops', async () => {
    const r = await trace(B.loopA, 10);
    assert.deepEqual(r.cycles, [[B.loopA, B.loopC, B.loopB]]);
    assert.equal(r.truncated, false);
    assert.ok(r.hops.length <= 3);
  });

  it('B: a PSC statement is the reason the chain stops', async () => {
    const r = await trace(B.noPscCompany);
    assert.equal(r.hops.length, 0);
    const pep = await trace(B.pepCompany);
    assert.equal(pep.ubos[0]?.entity.id, B.pep);
  });

  it('C: the chain stops at the GLEIF ultimate parent with its reporting exception', async () => {
    const r = await trace(C.ukSubsidiary);
    assert.ok(r.hops.some((h) => h.to.id === C.luxParent && h.kind === 'parent'));
    assert.ok(r.hops.some((h) => h.to.id === C.usUltimateParent));
    // The former PSC ceased: it is on record, but not a current owner.
    assert.ok(!r.hops.some((h) => h.to.id === C.ukFormerHolding));
    const end = r.chain_ends.find((e) => e.entity.id === C.usUltimateParent);
    assert.equal(end?.reason, 'reporting-exception');
    assert.equal(end?.code, 'NO_KNOWN_PERSON');
    assert.ok(end?.provenance?.url);
  });

  it('orders hops by depth, then from, then to', async () => {
    const r = await trace(C.ukSubsidiary);
    const keys = r.hops.map((h) => `${h.depth}|${h.from.id}|${h.to.id}`);
    assert.deepEqual(
      keys,
      [...keys].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('returns within its budget on a 10,000-owner hub, saying it was truncated', async () => {
    const r = await trace('test:hub');
    assert.equal(r.truncated, true);
    assert.ok(r.hops.length <= 500);
  });

  it('rejects max_depth above 10 and 404s an unknown root', async () => {
    assert.throws(() => parseInput(ownershipPath, { root: A.ukProperty, max_depth: 11 }), {
      code: 'invalid_parameter',
    });
    await assert.rejects(async () => trace('gb-coh:99999997'), { code: 'not_found' });
  });
});

describe('sanctions exposure', () => {
  it('A: lists the cluster listings and applies the OFAC 50% rule: certain on the property company', async () => {
    const { sanctions } = await import('../../../engine/app/capabilities/sanctions.js');
    const direct = await sanctions.run(ctx, parseInput(sanctions, { id: A.beneficialOwner }));
    assert.equal(direct.sanctioned, true);
    assert.deepEqual(direct.listings.map((l) => l.list).sort(), ['OFAC', 'UK']);
    assert.ok(direct.listings.every((l) => l.url.length > 0));
    const property = await sanctions.run(ctx, parseInput(sanctions, { id: A.ukProperty }));
    assert.equal(property.sanctioned, false);
    const ofac = property.via_ownership.find((v) => v.list === 'OFAC');
    assert.equal(ofac?.owner.id, A.beneficialOwner);
    assert.equal(ofac?.verdict, 'certain');
    assert.deepEqual(ofac?.effective_share, { min: 56.25, max: 100 });
    assert.equal(property.via_ownership.find((v) => v.list === 'UK')?.verdict, 'certain');
  });

  it('A: and only possible on the management company', async () => {
    const { sanctions } = await import('../../../engine/app/capabilities/sanctions.js');
    const r = await sanctions.run(ctx, parseInput(sanctions, { id: A.ukManagement }));
    assert.equal(r.via_ownership.find((v) => v.list === 'OFAC')?.verdict, 'possible');
    assert.equal(r.via_ownership.find((v) => v.list === 'UK')?.verdict, 'possible');
  });

  it('C: no sanctions anywhere in the group', async () => {
    const { sanctions } = await import('../../../engine/app/capabilities/sanctions.js');
    const r = await sanctions.run(ctx, parseInput(sanctions, { id: C.ukSubsidiary }));
    assert.equal(r.sanctioned, false);
    assert.deepEqual(r.via_ownership, []);
  });
});
