// The importer registry and the importer table of docs/records.md stay one list.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { IMPORTERS } from '../../../snapshots/importers/registry.js';

const RECORDS_DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/records.md');

describe('importer registry', () => {
  it('has unique format names, each documented in the docs/records.md table with its input', () => {
    const formats = IMPORTERS.map((i) => i.format);
    assert.equal(new Set(formats).size, formats.length);
    const rows = readFileSync(RECORDS_DOC, 'utf8')
      .split('\n')
      .filter((l) => /^\| `[a-z0-9-]+` \| (file|directory|file or directory) \|/.test(l));
    assert.deepEqual(rows.map((r) => r.split('|')[1]?.trim().replaceAll('`', '')).sort(), [...formats].sort());
    for (const i of IMPORTERS)
      assert.ok(
        rows.some((r) => r.startsWith(`| \`${i.format}\` | ${i.input} |`)),
        i.format,
      );
  });
});
