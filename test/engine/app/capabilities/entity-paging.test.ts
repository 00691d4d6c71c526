// get_entity pages a hub's connections: every connection once, in a stable order, with a cursor that only this gives.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONNECTIONS_PAGE, getEntity } from '../../../../engine/app/capabilities/get-entity.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { useTestContext } from '../../../helpers/snapshot.js';

const suite = useTestContext();

const get = (input: Record<string, unknown>) => getEntity.run(suite.ctx, parseInput(getEntity, input));

/** The id of the entity with the most direct relationships in the test corpus. */
function hub(): string {
  const { entities, graph } = suite.ctx.corpus;
  let best = 0;
  for (let ix = 1; ix < entities.size; ix++) if (graph.degree(ix) > graph.degree(best)) best = ix;
  return entities.ids.at(best) ?? '';
}

describe('get_entity paging', () => {
  it('walks a hub a few connections at a time, each once, in the order of one big page', async () => {
    const id = hub();
    const whole = await get({ id, limit: CONNECTIONS_PAGE.max });
    assert.ok(whole.connections_total > 7, `the hub ${id} has ${whole.connections_total} connections`);
    assert.equal(whole.next_cursor, null);
    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof get>> = await get({ id, limit: 3, ...(cursor === null ? {} : { cursor }) });
      assert.ok(page.connections.length <= 3);
      assert.equal(page.connections_total, whole.connections_total);
      walked.push(...page.connections.map((c) => `${c.direction} ${c.other.id} ${c.role}`));
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null);
    assert.equal(pages, Math.ceil(whole.connections_total / 3));
    assert.deepEqual(
      walked,
      whole.connections.map((c) => `${c.direction} ${c.other.id} ${c.role}`),
    );
  });

  it('lists those who hold a role in the entity before its own holdings and roles', async () => {
    const page = await get({ id: hub(), limit: CONNECTIONS_PAGE.max });
    const firstOut = page.connections.findIndex((c) => c.direction === 'out');
    assert.ok(firstOut === -1 || page.connections.slice(firstOut).every((c) => c.direction === 'out'));
  });

  it('defaults to 250 connections a page and refuses a limit over 1000', async () => {
    const page = await get({ id: hub() });
    assert.ok(page.connections.length <= CONNECTIONS_PAGE.default);
    assert.throws(
      () => parseInput(getEntity, { id: hub(), limit: CONNECTIONS_PAGE.max + 1 }),
      (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && e.param === 'limit',
    );
  });

  it('refuses a cursor it did not hand out, naming the cursor', async () => {
    for (const cursor of ['nonsense', Buffer.from('c1:up:3').toString('base64url'), '%%%'])
      await assert.rejects(
        async () => get({ id: hub(), cursor }),
        (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter' && e.param === 'cursor',
      );
  });
});
