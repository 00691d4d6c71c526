// From list files to answers: a snapshot built from importer fixtures and the demo finds listed entries.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Context } from '../../../engine/app/contract/capability.js';
import { lookupByIdentifier } from '../../../engine/app/capabilities/lookup-by-identifier.js';
import { searchEntities } from '../../../engine/app/capabilities/search-entities.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import { investigationsSource } from '../../../snapshots/demo/demo-corpus.js';
import { importSource } from '../../../snapshots/importers/import-source.js';
import { ofacXml } from '../../../snapshots/importers/ofac/ofac-xml.js';
import { unXml } from '../../../snapshots/importers/un/un-xml.js';
import { fixture } from '../../helpers/fixtures.js';
import { loadTestCorpus, testContext } from '../../helpers/snapshot.js';

let ctx: Context;
let remove: () => void;

before(async () => {
  const options = { retrievedAt: '2026-01-01' };
  const t = await loadTestCorpus([
    investigationsSource(),
    importSource(ofacXml, fixture('ofac', 'sdn.xml'), options),
    importSource(unXml, fixture('un', 'consolidated.xml'), options),
  ]);
  remove = t.remove;
  ctx = testContext(t.corpus, new Date('2026-11-22T12:00:00Z'));
});
after(() => remove());

const search = async (q: string) => searchEntities.run(ctx, parseInput(searchEntities, { q }));

describe('imported sanctions entries in a built corpus', () => {
  it('are found by name, in either word order', async () => {
    const hits = (await search('Marta Volkova')).hits;
    assert.equal(hits[0]?.id, 'ofac:7101');
    assert.equal((await search('Hamid al-Qasir')).hits[0]?.id, 'un:QDi.901');
  });

  it('are found by alias', async () => {
    assert.equal((await search('Abu Hamza al-Qasir')).hits[0]?.id, 'un:QDi.901');
  });

  it('are found by their list identifier', async () => {
    const ofac = await lookupByIdentifier.run(ctx, parseInput(lookupByIdentifier, { scheme: 'ofac', value: '7101' }));
    assert.equal(ofac.entity.id, 'ofac:7101');
    const un = await lookupByIdentifier.run(ctx, parseInput(lookupByIdentifier, { scheme: 'un', value: 'QDi.901' }));
    assert.equal(un.entity.id, 'un:QDi.901');
    assert.equal((await search('ofac:7102')).hits[0]?.id, 'ofac:7102');
  });

  it('sit beside the demo investigations', async () => {
    assert.ok((await search('Kestrel Wharf Properties')).hits.length > 0);
  });
});
