// Company details and financials of UK companies, on investigation C and a few named edge cases; and both routes over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { companyDetails } from '../../../../engine/app/capabilities/company-details.js';
import { financials } from '../../../../engine/app/capabilities/financials.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import type { NormalisedRecordInput } from '../../../../engine/model/records.js';
import { SIC_CODES } from '../../../../engine/model/sic-codes.js';
import { A, B, C } from '../../../../snapshots/demo/investigations/all.js';
import {
  getJson,
  investigationsOnly,
  startTestServer,
  testSources,
  type TestServer,
  useTestContext,
} from '../../../helpers/snapshot.js';

const prov = (record_id: string) => ({ source: 'test', record_id, url: null, retrieved_at: '2026-11-01' });

/** A dissolved company with a long-past deadline and a SIC code outside the condensed list. */
const DISSOLVED = 'gb-coh:99990001';
const edgeCases: NormalisedRecordInput[] = [
  {
    record: 'entity',
    id: DISSOLVED,
    type: 'company',
    name: 'LONG GONE TRADING LIMITED',
    jurisdiction: 'GB',
    incorporation_date: '2010-01-05',
    dissolution_date: '2019-03-01',
    status: 'dissolved',
    company: {
      company_number: '99990001',
      sic: ['12345'],
      accounts: { last_made_up_to: '2016-12-31', next_due: '2017-09-30' },
    },
    provenance: [prov('dissolved')],
  },
];

const suite = useTestContext([...testSources(), { label: 'edge cases', records: edgeCases }]);

const details = async (id: string) => companyDetails.run(suite.ctx, parseInput(companyDetails, { id }));
const accounts = async (id: string) => financials.run(suite.ctx, parseInput(financials, { id }));

describe('company details', () => {
  it('C: overdue accounts and confirmation statement, five charges, two former names', async () => {
    const r = await details(C.ukSubsidiary);
    assert.equal(r.company_number, '99000200');
    assert.equal(r.name, 'HALDEN PRECISION ENGINEERING LIMITED');
    assert.equal(r.company_type, 'ltd');
    assert.equal(r.incorporated_on, '2001-03-14');
    assert.equal(r.dissolved_on, null);
    assert.deepEqual(r.accounts, { last_made_up_to: '2024-12-31', next_due: '2025-09-30', overdue: true });
    assert.deepEqual(r.confirmation_statement, {
      last_made_up_to: '2024-06-30',
      next_due: '2025-07-14',
      overdue: true,
    });
    assert.deepEqual(r.charges, { total: 5, outstanding: 3, satisfied: 2, part_satisfied: 0 });
    assert.deepEqual(
      r.former_names.map((f) => f.name),
      ['HALDEN ENGINEERING LIMITED', 'HALDEN-MOSS PRECISION LIMITED'],
    );
    assert.deepEqual(r.sic, [
      { code: '25620', description: 'Machining' },
      { code: '28410', description: 'Manufacture of metal forming machinery' },
    ]);
    assert.match(r.address ?? '', /Sheffield/);
    assert.ok(r.sources.some((s) => s.record_id === 'demo-c-entity-gb-coh-99000200'));
  });

  it('C: a deadline still ahead is not overdue', async () => {
    const r = await details(C.ukFormerHolding);
    assert.equal(r.accounts.overdue, false);
    assert.equal(r.confirmation_statement.overdue, false);
    assert.deepEqual(r.charges, { total: 0, outstanding: 0, satisfied: 0, part_satisfied: 0 });
  });

  it('says null, not zero, for what the registry profile does not hold', async () => {
    const r = await details(B.agent);
    assert.equal(r.charges, null);
    assert.deepEqual(r.accounts, { last_made_up_to: null, next_due: null, overdue: false });
    assert.deepEqual(r.confirmation_statement, { last_made_up_to: null, next_due: null, overdue: false });
  });

  it('a dissolved company is never overdue, and an unknown SIC code has a null description', async () => {
    const r = await details(DISSOLVED);
    assert.equal(r.dissolved_on, '2019-03-01');
    assert.deepEqual(r.accounts, { last_made_up_to: '2016-12-31', next_due: '2017-09-30', overdue: false });
    assert.deepEqual(r.sic, [{ code: '12345', description: null }]);
  });

  it('answers for another record of the same company (a leak record linked by identity)', async () => {
    const r = await details(B.leakAgent);
    assert.equal(r.id, B.agent);
  });

  it('is not applicable to an entity that is not a UK company; 404 for an unknown id', async () => {
    await assert.rejects(details(C.luxParent), { code: 'not_applicable' });
    await assert.rejects(details(C.resignedDirector), { code: 'not_applicable' });
    await assert.rejects(details('gb-coh:99999997'), { code: 'not_found' });
  });

  it('describes every SIC code used in the demo corpus', () => {
    for (const code of [
      '25620',
      '28410',
      '68209',
      '68100',
      '68320',
      '70100',
      '64209',
      '82990',
      '99999',
      '46900',
      '35140',
      '66300',
    ]) {
      assert.ok(SIC_CODES.has(code), code);
    }
    assert.ok(SIC_CODES.size >= 150);
  });
});

describe('financials', () => {
  it('C: four periods newest first, a missing figure null', async () => {
    const r = await accounts(C.ukSubsidiary);
    assert.equal(r.company_number, '99000200');
    assert.equal(r.currency, 'GBP');
    assert.deepEqual(
      r.periods.map((p) => p.period_end),
      ['2024-12-31', '2023-12-31', '2022-12-31', '2021-12-31'],
    );
    assert.deepEqual(
      r.periods.map((p) => p.turnover),
      [25_118_000, 33_905_000, 41_730_000, 48_210_000],
    );
    assert.equal(r.periods[1]?.cash, null);
    assert.equal(r.periods[0]?.cash, 412_000);
  });

  it('C: year-over-year turnover falls, with change_pct from the filed figures', async () => {
    const r = await accounts(C.ukSubsidiary);
    const turnover = r.changes.filter((c) => c.metric === 'turnover');
    assert.deepEqual(
      turnover.map((c) => [c.from_period, c.to_period, c.change_pct]),
      [
        ['2023-12-31', '2024-12-31', -25.9],
        ['2022-12-31', '2023-12-31', -18.8],
        ['2021-12-31', '2022-12-31', -13.4],
      ],
    );
    for (const c of r.changes) {
      const expected = c.from === 0 ? null : Math.round(((c.to - c.from) / Math.abs(c.from)) * 1000) / 10;
      assert.equal(c.change_pct, expected, `${c.metric} ${c.to_period}`);
    }
    // A narrowing loss is a positive change: -4,285,000 → -4,005,000.
    assert.equal(r.changes.find((c) => c.metric === 'profit' && c.to_period === '2023-12-31')?.change_pct, 6.5);
    // Cash was not filed for 2023: no change into or out of that year.
    assert.deepEqual(
      r.changes.filter((c) => c.metric === 'cash').map((c) => c.to_period),
      ['2022-12-31'],
    );
  });

  it('C: every source_ref resolves in sources', async () => {
    const r = await accounts(C.ukSubsidiary);
    const refs = new Set(r.sources.map((s) => s.ref));
    assert.equal(refs.size, 4);
    for (const p of r.periods) assert.ok(refs.has(p.source_ref), p.source_ref);
  });

  it('a company without accounts on file answers empty; other entities are not applicable', async () => {
    const r = await accounts(B.agent);
    assert.deepEqual(
      { periods: r.periods, changes: r.changes, currency: r.currency },
      { periods: [], changes: [], currency: null },
    );
    assert.equal((await accounts(A.ukProperty)).periods.length, 2);
    await assert.rejects(accounts(C.luxParent), { code: 'not_applicable' });
    await assert.rejects(accounts('gb-coh:99999997'), { code: 'not_found' });
  });
});

describe('GET /company-details and /financials over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(investigationsOnly());
  });
  after(async () => {
    await server.stop();
  });

  it('answers 200, 404, 422 and 400', async () => {
    for (const route of ['company-details', 'financials']) {
      const url = (id: string): string => `${server.base}/api/public/${route}/${encodeURIComponent(id)}`;
      const ok = await getJson<{ id: string; sources: unknown[] }>(url(C.ukSubsidiary));
      assert.equal(ok.status, 200, route);
      assert.equal(ok.body.id, C.ukSubsidiary);
      assert.equal(ok.headers.get('x-credits-cost'), '1');
      const missing = await getJson<{ error: { code: string } }>(url('gb-coh:99999997'));
      assert.equal(missing.status, 404, route);
      const foreign = await getJson<{ error: { code: string } }>(url(C.luxParent));
      assert.equal(foreign.status, 422, route);
      assert.equal(foreign.body.error.code, 'not_applicable');
      const malformed = await getJson<{ error: { code: string } }>(url('nope'));
      assert.equal(malformed.status, 400, route);
    }
  });
});
