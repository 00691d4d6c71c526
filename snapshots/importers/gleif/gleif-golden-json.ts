// GLEIF golden-copy LEI-CDF JSON (full or delta files): LEI records → company entities, streamed record by record.
import path from 'node:path';
import { defineImporter, type Located } from '../importer.js';
import { jsonArrayItems } from '../common/json-array-items.js';
import { leiEntity } from './lei-entity.js';
import { badgerfishNode, leiFieldsFromCdf } from './lei-cdf-fields.js';
import { located } from './mapped-record.js';

/** The file has no header: its name carries the publication date (`20240505-0000-gleif-goldencopy-lei2-…`). */
function publishedOn(file: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})-\d{4}-gleif-goldencopy/.exec(path.basename(file));
  return m === null ? null : `${m[1]}-${m[2]}-${m[3]}`;
}

export const gleifGoldenJson = defineImporter({
  format: 'gleif-golden-json',
  description: 'GLEIF golden-copy LEI-CDF JSON ({"records":[…]}, full or delta): LEI records as companies',
  source: 'gleif',
  input: 'file',
  async *read(file, { retrievedAt }): AsyncGenerator<Located> {
    const asOf = publishedOn(file) ?? retrievedAt;
    for await (const item of jsonArrayItems(file, 'records')) {
      const at = `${file}:${item.line}`;
      if ('error' in item) {
        yield { at, problem: `not valid JSON: ${item.error}`, field: '(record)' };
        continue;
      }
      yield* located(at, leiEntity(leiFieldsFromCdf(badgerfishNode('LEIRecord', item.value, item.line)), asOf));
    }
  },
});
