// Offshore exposure of the demo investigations: secrecy and sanctioned hops, and the level they add up to.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offshoreExposureCapability as exposure } from '../../../../engine/app/capabilities/offshore-exposure.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { A, B, C } from '../../../../snapshots/demo/investigations/all.js';
import { useTestContext } from '../../../helpers/snapshot.js';

const suite = useTestContext();

const get = async (input: Record<string, unknown>) => exposure.run(suite.ctx, parseInput(exposure, input));

describe('offshore-exposure', () => {
  it('A: HIGH, with the Cyprus and BVI hops flagged as secrecy and the listed owner as sanctioned', async () => {
    const e = await get({ id: A.ukProperty });
    assert.equal(e.level, 'HIGH');
    assert.equal(e.jurisdiction, 'GB');
    assert.equal(e.secrecy, null);
    const cy = e.hops.find((h) => h.to.id === A.cyprusHolding);
    const vg = e.hops.find((h) => h.to.id === A.bviShell);
    assert.equal(cy?.jurisdiction, 'CY');
    assert.equal(cy?.secrecy?.offshore_centre, true);
    assert.equal(cy?.secrecy?.secrecy_hop, true);
    assert.equal(vg?.jurisdiction, 'VG');
    assert.equal(vg?.secrecy?.rank, 9, 'the BVI ranks 9th on the 2022 Financial Secrecy Index');
    assert.equal(vg?.secrecy?.index_year, 2022);
    assert.equal(e.hops.find((h) => h.to.id === A.beneficialOwner)?.sanctioned, true);
    assert.equal(e.flags.secrecy_hops, 2);
    assert.ok(e.flags.sanctioned_hops >= 1);
    assert.equal(cy?.sanctioned, false);
  });

  it('cites the published source and year of every secrecy fact', async () => {
    const e = await get({ id: A.ukProperty });
    const refs = new Map(e.sources.map((s) => [s.ref, s]));
    for (const h of e.hops) {
      for (const ref of h.secrecy?.source_refs ?? []) {
        const s = refs.get(ref);
        assert.ok(s, `${ref} resolves`);
        assert.match(s.url, /^https:\/\/(fsi\.taxjustice\.net|www\.imf\.org)\//);
      }
      assert.ok(refs.has(h.provenance.ref));
    }
    const vg = e.hops.find((h) => h.to.id === A.bviShell)!;
    assert.deepEqual(vg.secrecy?.source_refs.map((r) => refs.get(r)?.source).sort(), ['FSI-2022', 'IMF-OFC-2000']);
  });

  it('C: one secrecy jurisdiction (the Luxembourg parent) is MED', async () => {
    const e = await get({ id: C.ukSubsidiary });
    assert.equal(e.level, 'MED');
    assert.equal(e.flags.secrecy_hops, 1);
    assert.equal(e.flags.sanctioned_hops, 0);
    assert.ok(e.hops.some((h) => h.to.id === C.luxParent && h.secrecy?.secrecy_hop === true));
    const us = e.hops.find((h) => h.to.id === C.usUltimateParent);
    assert.equal(us?.secrecy?.rank, 1, 'the United States ranks first on the index');
    assert.equal(
      us?.secrecy?.secrecy_hop,
      false,
      'a rank alone, without an offshore-centre listing or a high score, flags nothing',
    );
  });

  it('a chain that never leaves the country is NONE; max_depth bounds the walk', async () => {
    const e = await get({ id: B.pepCompany });
    assert.ok(e.level === 'NONE' || e.level === 'LOW');
    const shallow = await get({ id: A.ukProperty, max_depth: 1 });
    assert.ok(shallow.hops.every((h) => h.depth === 1));
    assert.equal(shallow.level, 'MED', 'only the Cyprus holding is within one level');
  });

  it('rejects max_depth over 6 and unknown ids', async () => {
    assert.throws(
      () => parseInput(exposure, { id: A.ukProperty, max_depth: 7 }),
      (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter',
    );
    await assert.rejects(
      get({ id: 'demo:nobody' }),
      (e: unknown) => e instanceof ServiceError && e.code === 'not_found',
    );
  });
});
