// Dossiers of the demo investigations: the right risk signals, and every claim cited.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey } from '../../../../engine/addresses/address-key.js';
import { dossier } from '../../../../engine/app/capabilities/dossier.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { A, B, B_SHARED_ADDRESS, C } from '../../../../snapshots/demo/investigations/all.js';
import { demoInvestigations } from '../../../../snapshots/demo/investigations/all.js';
import { useTestContext } from '../../../helpers/snapshot.js';

const suite = useTestContext();

const get = async (id: string) => dossier.run(suite.ctx, parseInput(dossier, { id }));
const codes = (d: Awaited<ReturnType<typeof get>>): string[] => d.risk.signals.map((s) => s.code);

describe('dossier', () => {
  it('A: the property company is HIGH risk, owned for certain by the listed individual', async () => {
    const d = await get(A.ukProperty);
    assert.equal(d.risk.level, 'HIGH');
    assert.ok(codes(d).includes('owned-by-sanctioned'));
    assert.ok(codes(d).includes('nominee-director'));
    const secrecy = d.risk.signals.find((s) => s.code === 'secrecy-jurisdiction-owner');
    assert.equal(secrecy?.severity, 'MED', 'two secrecy jurisdictions in the chain: Cyprus and the BVI');
    const ubo = d.ownership.ubos.find((u) => u.entity.id === A.beneficialOwner);
    assert.deepEqual(ubo?.effective_share, { min: 56.25, max: 100 });
    assert.equal(d.ownership.direct_owners[0]?.other.id, A.cyprusHolding);
    assert.equal(d.report, null);
    assert.ok(d.locked.length > 0);
  });

  it('A: the listed individual links its records across sources', async () => {
    const d = await get(A.beneficialOwner);
    assert.equal(d.risk.level, 'HIGH');
    assert.ok(codes(d).includes('sanctioned-cluster-sibling'));
    const ids = d.identity.linked_records.map((l) => l.id).sort();
    assert.deepEqual(ids, [A.ofacRecord, A.ukRecord].sort());
    assert.ok(d.identity.linked_records.every((l) => l.confidence > 0 && l.confidence <= 1 && l.method.length > 0));
  });

  it('B: the loop and the formation-agent pattern fire', async () => {
    const loop = await get(B.loopA);
    assert.ok(codes(loop).includes('circular-ownership'));
    assert.ok(codes(loop).includes('formation-agent-director'));
    const mass = loop.risk.signals.find((s) => s.code === 'mass-registration-address');
    assert.equal(mass?.severity, 'MED');
    const atAddress = demoInvestigations().filter(
      (r) =>
        r.record === 'entity' &&
        r.type === 'company' &&
        r.addresses?.some((a) => addressKey(a) === addressKey(B_SHARED_ADDRESS)),
    ).length;
    assert.match(mass?.summary ?? '', new RegExp(`${atAddress} companies`));
    const pep = await get(B.pepCompany);
    assert.ok(pep.ownership.ubos.some((u) => u.entity.id === B.pep));
    const leaked = await get(B.leakedCompany1);
    assert.ok(codes(leaked).includes('offshore-leaks'));
  });

  it('C: overdue filings and negative net assets', async () => {
    const d = await get(C.ukSubsidiary);
    for (const code of ['overdue-accounts', 'overdue-confirmation-statement', 'negative-net-assets'])
      assert.ok(codes(d).includes(code), code);
    assert.equal(d.risk.level, 'MED');
  });

  it('cites every claim: each source_ref resolves and each source has a URL, in every demo dossier', async () => {
    const ids = demoInvestigations().flatMap((r) => (r.record === 'entity' ? [r.id] : []));
    for (const id of ids) {
      const d = await get(id);
      const refs = new Set(d.sources.map((s) => s.ref));
      assert.equal(refs.size, d.sources.length, `${id}: duplicate refs`);
      for (const s of d.sources) assert.match(s.url, /^https?:\/\//, `${id}: ${s.ref} has no URL`);
      const cited = [
        ...d.entity.sources.map((s) => s.ref),
        ...d.risk.signals.map((s) => s.source_ref),
        ...d.ownership.direct_owners.map((c) => c.provenance.ref),
        ...d.ownership.holdings.map((c) => c.provenance.ref),
        ...d.ownership.ubo_chain.map((h) => h.provenance.ref),
      ];
      for (const ref of cited) assert.ok(refs.has(ref), `${id}: ${ref} does not resolve`);
    }
  });

  it('404s an unknown id', async () => {
    await assert.rejects(async () => get('gb-coh:99999996'), { code: 'not_found' });
  });
});

describe('stored risk levels', () => {
  it('agree with the dossier on the build-time signals: sanctions reach down ownership chains', async () => {
    const { entities } = suite.ctx.corpus;
    const stored = (id: string): string => entities.risk(entities.indexOf(id) ?? -1);
    assert.equal(stored(A.ukProperty), 'HIGH');
    assert.equal(stored(A.ukManagement), 'MED');
    assert.equal(stored(A.cyprusHolding), 'HIGH');
    for (const id of [A.ukProperty, A.ukManagement, A.cyprusHolding, A.beneficialOwner, B.pep]) {
      assert.equal((await get(id)).risk.level, stored(id), id);
    }
  });
});
