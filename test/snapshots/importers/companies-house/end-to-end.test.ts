// The Companies House importers into one snapshot with the demo investigations, read back through the capabilities.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Context } from '../../../../engine/app/contract/capability.js';
import { companyDetails } from '../../../../engine/app/capabilities/company-details.js';
import { financials } from '../../../../engine/app/capabilities/financials.js';
import { ownershipPath } from '../../../../engine/app/capabilities/ownership-path.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { investigationsSource } from '../../../../snapshots/demo/demo-corpus.js';
import { chBasicCsv } from '../../../../snapshots/importers/companies-house/ch-basic-csv.js';
import { chIxbrl } from '../../../../snapshots/importers/companies-house/ch-ixbrl.js';
import { chOfficersDat } from '../../../../snapshots/importers/companies-house/ch-officers-dat.js';
import { chPscJsonl } from '../../../../snapshots/importers/companies-house/ch-psc-jsonl.js';
import { importSource } from '../../../../snapshots/importers/import-source.js';
import { fixture } from '../../../helpers/fixtures.js';
import { loadTestCorpus, testContext } from '../../../helpers/snapshot.js';

let ctx: Context;
let remove: () => void;

before(async () => {
  const options = { retrievedAt: '2024-02-01' };
  const t = await loadTestCorpus([
    investigationsSource(),
    importSource(chBasicCsv, fixture('companies-house', 'basic-company-data.csv'), options),
    importSource(chPscJsonl, fixture('companies-house', 'psc-snapshot.txt'), options),
    importSource(chIxbrl, fixture('companies-house', 'accounts'), options),
    importSource(chOfficersDat, fixture('companies-house', 'officers-update.dat'), options),
  ]);
  remove = t.remove;
  ctx = testContext(t.corpus, new Date('2024-02-01T12:00:00Z'));
});
after(() => remove());

describe('Companies House fixtures built into a snapshot', () => {
  it('company details come from the BasicCompanyData row, SIC text as published', async () => {
    const r = await companyDetails.run(ctx, parseInput(companyDetails, { id: 'gb-coh:09990002' }));
    assert.equal(r.name, 'NORTHWIND TRADING LIMITED');
    assert.equal(r.status, 'active-proposal-to-strike-off');
    assert.deepEqual(r.sic, [
      { code: '46390', description: 'Non-specialised wholesale of food, beverages and tobacco' },
      { code: '49410', description: 'Freight transport by road' },
    ]);
    assert.deepEqual(r.accounts, { last_made_up_to: '2022-03-31', next_due: '2023-12-31', overdue: true });
    assert.deepEqual(r.charges, { total: 3, outstanding: 1, satisfied: 1, part_satisfied: 1 });
    assert.ok(
      r.sources.some(
        (s) =>
          s.source === 'gb-coh' &&
          s.url === 'https://find-and-update.company-information.service.gov.uk/company/09990002',
      ),
    );
  });

  it('financials come from the iXBRL accounts, newest first', async () => {
    const r = await financials.run(ctx, parseInput(financials, { id: 'gb-coh:09990002' }));
    assert.deepEqual(
      r.periods.map((p) => [p.period_end, p.turnover, p.profit]),
      [
        ['2023-03-31', 12_345_000, -1_234_000],
        ['2022-03-31', 10_987_500, 0],
      ],
    );
    assert.equal(r.currency, 'GBP');
  });

  it('the PSC register gives ownership hops with the published bands', async () => {
    const holding = await ownershipPath.run(ctx, parseInput(ownershipPath, { root: 'gb-coh:09990001' }));
    const hops = holding.hops.map((h) => [h.depth, h.to.id, h.share]);
    assert.deepEqual(
      hops,
      [
        [1, 'gb-coh-psc:09990001/AdaLowePsc0001', { min: 50, max: 75 }],
        [1, 'gb-coh-psc:09990001/LoweTrusteePsc1', { min: 25, max: 50 }],
      ],
      'the ceased PSC is not a current owner',
    );
    const trading = await ownershipPath.run(ctx, parseInput(ownershipPath, { root: 'gb-coh:09990002' }));
    assert.deepEqual(
      trading.hops.map((h) => [h.depth, h.to.id, h.to.name, h.share]),
      [
        [1, 'gb-coh-psc:09990002/NwHoldCorpPsc01', 'Northwind Holdings Limited', { min: 75, max: 100 }],
        // The corporate PSC is the UK company 09990001: the chain goes on to that company's own PSCs.
        [2, 'gb-coh-psc:09990001/AdaLowePsc0001', 'Ada Fenwick Lowe', { min: 50, max: 75 }],
        [2, 'gb-coh-psc:09990001/LoweTrusteePsc1', 'Owen Lowe', { min: 25, max: 50 }],
      ],
    );
    const ubo = trading.ubos.find((u) => u.entity.id === 'gb-coh-psc:09990001/AdaLowePsc0001');
    assert.deepEqual(ubo?.effective_share, { min: 37.5, max: 75 }, 'what she holds of the trading company');
  });
});
