// GLEIF LEI-CDF XML (concatenated or golden-copy files, 2.1 and 3.1): LEI records → company entities.
import { ImportError, defineImporter, type Located } from '../importer.js';
import { isoDate } from '../common/record-dates.js';
import { textAt } from '../common/xml-node.js';
import { xmlSubtrees } from '../common/xml-subtrees.js';
import { leiEntity } from './lei-entity.js';
import { leiFieldsFromCdf } from './lei-cdf-fields.js';

const ELEMENTS = new Set(['LEIHeader', 'LEIRecord']);

export const gleifLeiCdfXml = defineImporter({
  format: 'gleif-xml',
  description: 'GLEIF LEI-CDF XML (concatenated file or golden copy): LEI records as companies',
  source: 'gleif',
  input: 'file',
  async *read(file, { retrievedAt }): AsyncGenerator<Located> {
    // The header comes first and dates the whole file; without it this is not an LEI-CDF file.
    let asOf: string | null = null;
    for await (const node of xmlSubtrees(file, ELEMENTS)) {
      const line = node.line;
      if (node.name === 'LEIHeader') {
        asOf = isoDate(textAt(node, 'ContentDate')) ?? retrievedAt;
        continue;
      }
      if (asOf === null) throw new ImportError(file, 'not an LEI-CDF file: LEIRecord before any LEIHeader', line);
      const mapped = leiEntity(leiFieldsFromCdf(node), asOf);
      yield 'record' in mapped
        ? { at: `${file}:${line}`, record: mapped.record }
        : { at: `${file}:${line}`, ...mapped };
    }
    if (asOf === null) throw new ImportError(file, 'not an LEI-CDF file: no LEIHeader');
  },
});
