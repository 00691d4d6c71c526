// GLEIF LEI-CDF XML (concatenated or golden-copy files, 2.1 and 3.1): LEI records → company entities.
import { defineImporter } from '../importer.js';
import { readGleifXml } from './gleif-xml-records.js';
import { leiEntity } from './lei-entity.js';
import { leiFieldsFromCdf } from './lei-cdf-fields.js';

const LAYOUT = { file: 'an LEI-CDF file', header: 'LEIHeader', record: 'LEIRecord' };

export const gleifLeiCdfXml = defineImporter({
  format: 'gleif-xml',
  description: 'GLEIF LEI-CDF XML (concatenated file or golden copy): LEI records as companies',
  source: 'gleif',
  input: 'file',
  read: (file, { retrievedAt }) =>
    readGleifXml(file, LAYOUT, retrievedAt, (record, asOf) => [leiEntity(leiFieldsFromCdf(record), asOf)]),
});
