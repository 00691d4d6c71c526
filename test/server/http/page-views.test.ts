// The web app's requests under the anonymous limits: one page view's API requests count once, in the limits and in
// the credits; a script calling the API directly keeps today's limits.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../helpers/snapshot.js';

const LIMIT = 5;

describe('page views under the anonymous limits', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(undefined, { env: { UNSHELL_RATE_ANONYMOUS: String(LIMIT) } });
  });
  after(() => server.stop());

  async function pageToken(): Promise<string> {
    const html = await (await fetch(`${server.base}/entity/gb-coh%3A99000001`)).text();
    const token = /<meta name="unshell-page" content="([^"]+)"/.exec(html)?.[1];
    assert.ok(token !== undefined && token !== '{{PAGE_TOKEN}}', 'the shell carries a page token');
    return token;
  }

  it('lets a page view make more requests than the limit, charging one credit', async () => {
    const header = `${await pageToken()}.view-${Date.now()}`;
    const costs: string[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const res = await fetch(`${server.base}/api/public/entity/gb-coh%3A99000001?limit=5`, {
        headers: { 'X-Page-View': header },
      });
      assert.equal(res.status, 200, `request ${i + 1} of the page view`);
      costs.push(res.headers.get('x-credits-cost') ?? '?');
      await res.arrayBuffer();
    }
    assert.deepEqual(costs, ['1', ...Array<string>(LIMIT * 2 - 1).fill('0')]);
  });

  it('counts requests without a page view, or with a forged one, as usual', async () => {
    const forged = `${'0'.repeat(8)}.${'A'.repeat(43)}.view-forged`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await fetch(`${server.base}/api/public/stats`, {
        headers: i % 2 === 0 ? {} : { 'X-Page-View': forged },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // One page view above counted once: the budget left is LIMIT - 1.
    assert.deepEqual(statuses, [...Array<number>(LIMIT - 1).fill(200), 429, 429]);
  });
});
