// The Companies House REST client against a local stand-in that speaks the registry's protocol and serves its
// recorded responses: basic auth, paging, 404, 429 with the registry's headers, a slow and an absent registry.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CompaniesHouseClient,
  CompaniesHouseError,
  type Call,
} from '../../../../engine/app/external/companies-house-client.js';
import { RequestBudget } from '../../../../engine/app/external/request-budget.js';
import { startCompaniesHouseStandIn, type CompaniesHouseStandIn } from '../../../helpers/companies-house-server.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const REST = ['companies-house', 'api', 'rest'];
const KEY = 'ch-test-key-0123456789';
const call: Call = { priority: 'interactive', deadlineMs: 5_000 };
const registryBudget = (): RequestBudget => new RequestBudget({ limit: 600, windowMs: 300_000, callerShare: 0.1 });

const failsWith = (reason: string, pattern: RegExp) => (err: unknown) =>
  err instanceof CompaniesHouseError && err.reason === reason && pattern.test(err.message);

describe('CompaniesHouseClient', { skip: skipUnlessShared(...REST) }, () => {
  let registry: CompaniesHouseStandIn;
  let client: CompaniesHouseClient;

  before(async () => {
    registry = await startCompaniesHouseStandIn({ samples: sharedData(...REST) ?? '', apiKey: KEY, pageSize: 10 });
    client = new CompaniesHouseClient({ apiKey: KEY, base: registry.base, budget: registryBudget() });
  });
  after(() => registry.stop());

  it('reads a company profile with the key as the basic-auth user name', async () => {
    const r = await client.companyProfile('08957400', call);
    assert.ok(r.found);
    assert.equal(r.body.company_name, 'CANDOUR GROUP LIMITED');
  });

  it('joins the pages of a list: 47 filings read 10 at a time', async () => {
    const before = registry.requests.get('/company/07310390/filing-history') ?? 0;
    const r = await client.filingHistory('07310390', call);
    assert.ok(r.found);
    assert.equal((r.body.items as unknown[]).length, 47);
    assert.equal((registry.requests.get('/company/07310390/filing-history') ?? 0) - before, 5);
  });

  it('reads officers, PSCs, charges, insolvency, appointments and search', async () => {
    const officers = await client.officers('04475590', call);
    assert.ok(officers.found && (officers.body.items as unknown[]).length === 7);
    const pscs = await client.personsWithSignificantControl('04053514', call);
    assert.ok(pscs.found && (pscs.body.items as unknown[]).length === 5);
    const charges = await client.charges('07310390', call);
    assert.ok(charges.found && (charges.body.items as unknown[]).length === 9);
    const insolvency = await client.insolvency('LA000001', call);
    assert.ok(insolvency.found && Array.isArray(insolvency.body.cases));
    const appointments = await client.officerAppointments('BUzLMub_QilQ_HNnIUxLkZrs5KM', call);
    assert.ok(appointments.found && (appointments.body.items as unknown[]).length === 3);
    const search = await client.searchCompanies('you', call);
    assert.ok(search.found && search.body.kind === 'search#companies');
  });

  it('answers not found for a company the registry does not hold', async () => {
    assert.deepEqual(await client.companyProfile('99999999', call), { found: false });
  });

  it('fails as unauthorized with a wrong key, naming the setting', async () => {
    const wrong = new CompaniesHouseClient({ apiKey: 'wrong', base: registry.base, budget: registryBudget() });
    await assert.rejects(wrong.companyProfile('08957400', call), failsWith('unauthorized', /UNSHELL_CH_API_KEY/));
  });

  it('gives up with out_of_budget when the process budget is spent until past the deadline', async () => {
    const budget = new RequestBudget({ limit: 1, windowMs: 300_000, callerShare: 1 });
    const tight = new CompaniesHouseClient({ apiKey: KEY, base: registry.base, budget });
    await tight.companyProfile('08957400', call);
    await assert.rejects(
      tight.companyProfile('08957400', { ...call, deadlineMs: 50 }),
      failsWith('out_of_budget', /budget of 1 requests per 300 s is spent/),
    );
  });
});

describe('CompaniesHouseClient when the registry refuses or fails', { skip: skipUnlessShared(...REST) }, () => {
  it('waits out a 429 as the registry says (X-Ratelimit-Reset) and then gets every answer', async () => {
    // Another process has spent the key: the registry answers 429 until its window (1 s) has passed.
    const registry = await startCompaniesHouseStandIn({
      samples: sharedData(...REST) ?? '',
      apiKey: KEY,
      limit: 3,
      windowMs: 1_000,
    });
    try {
      registry.spend();
      const client = new CompaniesHouseClient({ apiKey: KEY, base: registry.base, budget: registryBudget() });
      const answers = await Promise.all(
        [1, 2, 3].map(() => client.companyProfile('08957400', { ...call, deadlineMs: 10_000 })),
      );
      assert.ok(answers.every((a) => a.found));
      assert.ok(registry.refused() >= 1, 'the first try was refused with 429');
      assert.ok(registry.refused() <= 3, 'after a 429 the client waits instead of asking again at once');
    } finally {
      await registry.stop();
    }
  });

  it('fails as unavailable when the registry is slower than the timeout', async () => {
    const registry = await startCompaniesHouseStandIn({
      samples: sharedData(...REST) ?? '',
      apiKey: KEY,
      delayMs: 2_000,
    });
    try {
      const client = new CompaniesHouseClient({
        apiKey: KEY,
        base: registry.base,
        budget: registryBudget(),
        timeoutMs: 100,
      });
      await assert.rejects(client.companyProfile('08957400', call), failsWith('unavailable', /did not answer in time/));
    } finally {
      await registry.stop();
    }
  });

  it('fails as unavailable when nothing listens at the address', async () => {
    const registry = await startCompaniesHouseStandIn({ samples: sharedData(...REST) ?? '', apiKey: KEY });
    await registry.stop();
    const client = new CompaniesHouseClient({ apiKey: KEY, base: registry.base, budget: registryBudget() });
    await assert.rejects(client.companyProfile('08957400', call), failsWith('unavailable', /could not be reached/));
  });
});
