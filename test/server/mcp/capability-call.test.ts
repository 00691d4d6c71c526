// A tool call in this process: a paged answer too large for the agent comes back as a smaller page with its cursor.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEntity } from '../../../engine/app/capabilities/get-entity.js';
import { pulse } from '../../../engine/app/capabilities/pulse.js';
import { ownershipPath } from '../../../engine/app/capabilities/ownership-path.js';
import { A, B } from '../../../snapshots/demo/investigations/all.js';
import { callCapability } from '../../../server/mcp/capability-call.js';
import { investigationsOnly, useTestContext } from '../../helpers/snapshot.js';

interface EntityPage {
  connections: unknown[];
  connections_total: number;
  next_cursor: string | null;
}

describe('callCapability', () => {
  const test = useTestContext(investigationsOnly());

  it('answers a paged capability within the size, and its cursor leads through the rest', async () => {
    const whole = (await callCapability(getEntity, { id: B.nomineeDirector, limit: 1000 }, test.ctx)) as EntityPage;
    const size = JSON.stringify(whole).length;
    assert.ok(whole.connections.length >= 4, 'an entity with a few connections to page through');
    assert.equal(whole.next_cursor, null);
    const maxChars = Math.floor(size * 0.7);
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const args: Record<string, unknown> = {
        id: B.nomineeDirector,
        limit: 1000,
        ...(cursor === null ? {} : { cursor }),
      };
      const page = (await callCapability(getEntity, args, test.ctx, maxChars)) as EntityPage;
      assert.ok(JSON.stringify(page).length <= maxChars, `page ${pages} fits`);
      assert.equal(page.connections_total, whole.connections_total);
      seen.push(...page.connections);
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null && pages < 50);
    assert.ok(pages >= 2, 'the answer was split');
    // Source refs (s1, s2, …) are numbered per answer; everything else is the same connection.
    const withoutRefs = (list: unknown[]): unknown =>
      JSON.parse(
        JSON.stringify(list, (key, value: unknown) => (key === 'ref' || key === 'source_ref' ? undefined : value)),
      );
    assert.deepEqual(withoutRefs(seen), withoutRefs(whole.connections));
  });

  it('leaves an answer alone when it fits, when no size is given, and when the capability is not paged', async () => {
    const args = { id: A.ukProperty, limit: 1000 };
    const whole = await callCapability(getEntity, args, test.ctx);
    assert.deepEqual(await callCapability(getEntity, args, test.ctx, 10_000_000), whole);
    const path = await callCapability(ownershipPath, { root: A.ukProperty }, test.ctx, 10);
    assert.ok(JSON.stringify(path).length > 10, 'not shrunk: the size guard refuses it later');
    const events = await callCapability(pulse, { limit: 100 }, test.ctx, 10);
    assert.ok(Array.isArray((events as { events: unknown[] }).events));
  });

  it('checks the input as the REST API does', async () => {
    await assert.rejects(callCapability(getEntity, { id: A.ukProperty, limit: 1001 }, test.ctx), {
      code: 'invalid_parameter',
    });
  });
});
