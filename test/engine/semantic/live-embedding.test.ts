// Entities a live change adds are embedded in the background: the coverage figure counts them at once and moves as
// they are embedded, and semantic search and similar entities find them.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { z } from 'zod';
import { semanticSearch } from '../../../engine/app/capabilities/semantic-search.js';
import { similar } from '../../../engine/app/capabilities/similar.js';
import type { Capability, Context, InputShape } from '../../../engine/app/contract/capability.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import { CorpusChangeSchema } from '../../../engine/live/corpus-change.js';
import { LiveCorpus } from '../../../engine/live/live-corpus.js';
import { startBackgroundEmbedding, type BackgroundEmbedding } from '../../../engine/semantic/background.js';
import { C } from '../../../snapshots/demo/investigations/all.js';
import { investigationsSource, syntheticSource } from '../../../snapshots/demo/demo-corpus.js';
import { loadTestCorpus, tempDir, testContext } from '../../helpers/snapshot.js';

const NEW_COMPANY = 'gb-coh:16000777';
/** Another publisher's record of the demo's UK subsidiary: it joins that cluster, which is embedded already. */
const SUBSIDIARY_RECORD = 'lei:213800FOLDLIVE000077';

const retrieved = (source: string, recordId: string) => ({
  source,
  record_id: recordId,
  url: null,
  retrieved_at: '2026-11-25',
});

const change = CorpusChangeSchema.parse({
  entities: [
    {
      record: 'entity',
      id: NEW_COMPANY,
      type: 'company',
      name: 'Saltmarsh Mining and Shipping Cooperative',
      jurisdiction: 'GB',
      description: 'salt mining, harbour dredging and the shipping of rock salt',
      provenance: [retrieved('gb-coh', '16000777')],
    },
    {
      record: 'entity',
      id: SUBSIDIARY_RECORD,
      type: 'company',
      name: 'Demo Subsidiary Record',
      identifiers: [{ scheme: 'gb-coh', value: C.ukSubsidiary.slice('gb-coh:'.length) }],
      provenance: [retrieved('lei', '213800FOLDLIVE000077')],
    },
  ],
});

describe('embedding of live additions', () => {
  let ctx: Context;
  let remove = (): void => undefined;
  const data = tempDir('live-embedding');
  let background: BackgroundEmbedding;

  const call = async <I extends InputShape, O extends z.ZodType>(
    capability: Capability<I, O>,
    input: Record<string, unknown>,
  ): Promise<z.output<O>> => capability.run(ctx, parseInput(capability, input));

  before(async () => {
    const t = await loadTestCorpus([investigationsSource(), syntheticSource(200)]);
    remove = t.remove;
    ctx = testContext(t.corpus, new Date('2026-11-25T12:00:00Z'));
    background = startBackgroundEmbedding(t.corpus, { dataDir: data.dir, embed: true, log: () => undefined });
    await background.done;
  });
  after(async () => {
    await background.stop();
    remove();
    data.remove();
  });

  it('counts new entities at once and embeds a new cluster in the background', async () => {
    const { semantic, entities } = ctx.corpus;
    const was = semantic.coverage();
    assert.equal(was.embedded, was.total, 'the test snapshot is embedded whole at build');

    const result = new LiveCorpus(ctx.corpus).apply(change, Date.parse('2026-11-25T11:00:00Z'));
    assert.equal(result.skipped.length, 0, JSON.stringify(result.skipped));
    const joined = entities.indexOf(SUBSIDIARY_RECORD);
    assert.ok(joined !== undefined);
    assert.equal(entities.cluster(joined), entities.indexOf(C.ukSubsidiary), 'it joined the subsidiary by identifier');

    // The joining record counts as embedded with its cluster; the new cluster waits for the background.
    const now = semantic.coverage();
    assert.equal(now.total, was.total + 2);
    assert.equal(now.embedded, was.embedded + 1);
    const pending = await call(similar, { id: NEW_COMPANY });
    assert.equal(pending.embedded, false);

    for (let i = 0; i < 100 && semantic.coverage().embedded < now.total; i++) await delay(20);
    assert.equal(semantic.coverage().embedded, now.total, 'the new cluster is embedded');
    assert.equal(semantic.coverage().scope, 'all entities');

    const found = await call(semanticSearch, { q: 'rock salt mining and shipping', k: 5 });
    assert.equal(found.hits[0]?.id, NEW_COMPANY);
    const peers = await call(similar, { id: NEW_COMPANY, k: 5 });
    assert.equal(peers.embedded, true);
    assert.equal(peers.hits.length, 5);
    assert.ok(!peers.hits.some((h) => h.id === NEW_COMPANY));
  });

  it('stops following when stopped', async () => {
    await background.stop();
    const { semantic } = ctx.corpus;
    const before = semantic.coverage();
    new LiveCorpus(ctx.corpus).apply(
      CorpusChangeSchema.parse({
        entities: [
          {
            record: 'entity',
            id: 'gb-coh:16000778',
            type: 'company',
            name: 'Quarry Lane Haulage Ltd',
            provenance: [retrieved('gb-coh', '16000778')],
          },
        ],
      }),
      Date.parse('2026-11-25T11:05:00Z'),
    );
    await delay(100);
    assert.equal(semantic.coverage().total, before.total + 1);
    assert.equal(semantic.coverage().embedded, before.embedded);
  });
});
