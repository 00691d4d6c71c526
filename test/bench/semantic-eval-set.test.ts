// The semantic-search evaluation set is well-formed, and every entity it expects exists in the corpus it names.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SHARED_SOURCES, readEvalSet } from '../../bench/semantic-eval-set.js';
import { demoSources } from '../../snapshots/demo/demo-corpus.js';
import { importSource } from '../../snapshots/importers/import-source.js';
import { importerFor } from '../../snapshots/importers/registry.js';
import type { BuildSource } from '../../snapshots/build/build-snapshot.js';
import { SHARED_DATA, skipUnlessShared } from '../helpers/shared-data.js';

const set = readEvalSet();

async function entityIds(sources: BuildSource[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const source of sources) {
    for await (const rec of source.records) {
      const r = rec as { record?: string; id?: string };
      if (r.record === 'entity' && r.id !== undefined) ids.add(r.id);
    }
  }
  return ids;
}

describe('bench/semantic-eval.json', () => {
  it('holds at least 50 queries with unique ids, each expecting at least one entity', () => {
    assert.ok(set.queries.length >= 50);
    assert.equal(new Set(set.queries.map((q) => q.id)).size, set.queries.length);
    for (const q of set.queries)
      assert.equal(new Set(q.relevant).size, q.relevant.length, `${q.id} lists an entity twice`);
  });

  it('expects only entities of the demo corpus in its demo queries', async () => {
    const ids = await entityIds(demoSources());
    for (const q of set.queries.filter((x) => x.corpus === 'demo')) {
      for (const id of q.relevant) assert.ok(ids.has(id), `${q.id}: ${id} is not in the demo corpus`);
    }
  });

  const needs = [...new Set(set.queries.flatMap((q) => q.needs ?? []))];
  it(
    'expects only records of the shared samples in its shared queries',
    { skip: needs.map((n) => skipUnlessShared(n)).find((s) => s !== false) ?? false },
    async () => {
      const sources = needs.map((rel) => {
        const format = SHARED_SOURCES.find(([, p]) => p === rel)?.[0] ?? '';
        const importer = importerFor(format);
        assert.ok(importer, `no importer for ${rel}`);
        return importSource(importer, path.join(SHARED_DATA, rel), { retrievedAt: '2026-01-01' });
      });
      const ids = await entityIds([...demoSources(), ...sources]);
      for (const q of set.queries.filter((x) => x.corpus === 'shared')) {
        assert.ok((q.needs ?? []).length > 0, `${q.id} names the shared files it needs`);
        for (const id of q.relevant) assert.ok(ids.has(id), `${q.id}: ${id} is not in the shared samples`);
      }
    },
  );
});
