// The import cache: an unchanged source is not parsed again, a changed one is, a failed import leaves no entry.
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cachedImport } from '../../../snapshots/importers/import-cache.js';
import { cnpj } from '../../../snapshots/importers/identifiers/cnpj.js';
import { ImportError, type Importer, type Located } from '../../../snapshots/importers/importer.js';
import { unXml } from '../../../snapshots/importers/un/un-xml.js';
import { fixture, truncatedCopy } from '../../helpers/fixtures.js';
import { tempDir } from '../../helpers/snapshot.js';

/** The importer, counting how often it is asked to parse. */
function counted(importer: Importer): Importer & { parses: number } {
  const spy = { ...importer, parses: 0 };
  spy.read = (input, options) => {
    spy.parses += 1;
    return importer.read(input, options);
  };
  return spy;
}

async function all(items: AsyncIterable<Located>): Promise<Located[]> {
  const out: Located[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('cachedImport', () => {
  const tmp = tempDir('import-cache');
  after(() => tmp.remove());
  const options = { retrievedAt: '2026-11-01' };

  it('answers an unchanged folder from the cache with the same items, and parses it again once a file changed', async () => {
    const folder = path.join(tmp.dir, 'cnpj');
    cpSync(fixture('identifiers', 'cnpj'), folder, { recursive: true });
    const cache = { dir: path.join(tmp.dir, 'cache-a') };
    const importer = counted(cnpj);
    const first = await all(cachedImport(importer, folder, options, cache));
    const lines: string[] = [];
    const second = await all(cachedImport(importer, folder, options, { ...cache, log: (l) => lines.push(l) }));
    assert.equal(importer.parses, 1);
    assert.deepEqual(second, first);
    assert.match(lines[0] ?? '', /read from the import cache/);

    appendFileSync(
      path.join(folder, 'K3241.K03200Y0.D51213.EMPRECSV'),
      '"99887766";"NOVA EMPRESA LTDA";"2062";"49";"0,00";"01";""\n',
      'latin1',
    );
    const third = await all(cachedImport(importer, folder, options, cache));
    assert.equal(importer.parses, 2);
    assert.equal(third.length, first.length + 1);
    assert.equal(readdirSync(cache.dir).length, 1, 'the newer entry replaces the older one');
  });

  it('keys on the options too', async () => {
    const cache = { dir: path.join(tmp.dir, 'cache-b') };
    const importer = counted(unXml);
    await all(cachedImport(importer, fixture('un', 'consolidated.xml'), options, cache));
    await all(cachedImport(importer, fixture('un', 'consolidated.xml'), { retrievedAt: '2026-11-02' }, cache));
    assert.equal(importer.parses, 2);
  });

  it('leaves no entry behind when the import fails', async () => {
    const cut = truncatedCopy(fixture('un', 'consolidated.xml'));
    const cache = { dir: path.join(tmp.dir, 'cache-c') };
    try {
      const importer = counted(unXml);
      await assert.rejects(all(cachedImport(importer, cut.file, options, cache)), ImportError);
      await assert.rejects(all(cachedImport(importer, cut.file, options, cache)), ImportError);
      assert.equal(importer.parses, 2);
      assert.deepEqual(readdirSync(cache.dir), []);
    } finally {
      cut.remove();
    }
  });
});
