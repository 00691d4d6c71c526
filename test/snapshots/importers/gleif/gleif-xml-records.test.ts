// The one GLEIF XML reading loop: the header dates every record, records without a header make the file unreadable.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { textAt, type XmlNode } from '../../../../snapshots/importers/common/xml-node.js';
import { readGleifXml } from '../../../../snapshots/importers/gleif/gleif-xml-records.js';
import type { Mapped } from '../../../../snapshots/importers/gleif/mapped-record.js';
import { ImportError, type Located } from '../../../../snapshots/importers/importer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'unshell-gleif-xml-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const LAYOUT = { file: 'a test file', header: 'Header', record: 'Item' };
const HEADER = '<Header><ContentDate>2025-03-01T08:00:00Z</ContentDate></Header>';

function write(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `<Data>\n${body}\n</Data>\n`);
  return file;
}

/** An entity named after the item and dated by the header, a problem for an unnamed one, nothing for an annulled one. */
function map(record: XmlNode, asOf: string): Mapped[] {
  const name = textAt(record, 'Name');
  if (name === 'ANNULLED') return [null];
  if (name === '') return [{ field: 'Name', problem: 'no name' }];
  return [{ record: { record: 'entity', id: `t:${name}`, type: 'company', name, description: asOf, provenance: [] } }];
}

async function read(file: string): Promise<Located[]> {
  const out: Located[] = [];
  for await (const item of readGleifXml(file, LAYOUT, '2026-01-01', map)) out.push(item);
  return out;
}

describe('readGleifXml', () => {
  it('maps each record with the date of the header, placing it at its line and leaving out annulled ones', async () => {
    const file = write(
      'ok.xml',
      `${HEADER}\n<Item><Name>A</Name></Item>\n<Item><Name>ANNULLED</Name></Item>\n<Item><Name/></Item>`,
    );
    const out = await read(file);
    assert.deepEqual(out, [
      {
        at: `${file}:3`,
        record: { record: 'entity', id: 't:A', type: 'company', name: 'A', description: '2025-03-01', provenance: [] },
      },
      { at: `${file}:5`, field: 'Name', problem: 'no name' },
    ]);
  });

  it('throws ImportError for a record before the header, and for a file without one', async () => {
    await assert.rejects(
      read(write('late.xml', `<Item><Name>A</Name></Item>\n${HEADER}`)),
      (e: unknown) => e instanceof ImportError && e.line === 2,
    );
    await assert.rejects(read(write('none.xml', '')), (e: unknown) => e instanceof ImportError && e.line === null);
  });
});
