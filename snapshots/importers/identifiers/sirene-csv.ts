// INSEE SIRENE StockUniteLegale CSV: legal units → `siren:<SIREN>` companies (sole traders as persons).
import { ImportError, defineImporter, type Located } from '../importer.js';
import { csvRows, headerIndex, rowReader } from '../common/csv-rows.js';
import { isoDate } from '../../../engine/sources/record-dates.js';
import { distinct, provenance } from '../common/provenance.js';

/** Later stocks add columns, so columns are found by header name; these are the ones the mapping needs. */
const REQUIRED = ['siren', 'etatAdministratifUniteLegale', 'denominationUniteLegale', 'categorieJuridiqueUniteLegale'];

/** Names of units with statutDiffusion P are published as [ND] (non diffusible): not a name at all. */
const hidden = (s: string): string => (s === '[ND]' ? '' : s);

export const sireneCsv = defineImporter({
  format: 'sirene',
  description: 'INSEE SIRENE StockUniteLegale CSV: French legal units by SIREN',
  source: 'siren',
  input: 'file',
  async *read(file, { retrievedAt }): AsyncGenerator<Located> {
    let index: Map<string, number> | null = null;
    for await (const row of csvRows(file)) {
      if (index === null) {
        index = headerIndex(file, row.cells, REQUIRED);
        continue;
      }
      const get = rowReader(index, row.cells);
      const at = `${file}:${row.line}`;
      const siren = get('siren');
      if (!/^\d{9}$/.test(siren)) {
        yield { at, field: 'siren', problem: `not a SIREN: "${siren}"` };
        continue;
      }
      // Category 1000 is the entrepreneur individuel: a natural person trading in their own name.
      const person = get('categorieJuridiqueUniteLegale') === '1000';
      const personName = distinct([
        hidden(get('prenomUsuelUniteLegale')) || hidden(get('prenom1UniteLegale')),
        hidden(get('nomUsageUniteLegale')) || hidden(get('nomUniteLegale')),
      ]).join(' ');
      const name = hidden(get('denominationUniteLegale')) || personName;
      if (name === '') {
        yield { at, field: 'denominationUniteLegale', problem: 'no name (or not public)' };
        continue;
      }
      const ceased = get('etatAdministratifUniteLegale') === 'C';
      yield {
        at,
        record: {
          record: 'entity',
          id: `siren:${siren}`,
          type: person ? 'person' : 'company',
          name,
          aliases: distinct(
            [
              get('sigleUniteLegale'),
              get('denominationUsuelle1UniteLegale'),
              get('denominationUsuelle2UniteLegale'),
              get('denominationUsuelle3UniteLegale'),
              person ? null : personName,
            ].map((n) => hidden(n ?? '')),
            [name],
          ),
          jurisdiction: 'FR',
          identifiers: [{ scheme: 'siren', value: siren }],
          incorporation_date: isoDate(get('dateCreationUniteLegale')),
          // The current period of a ceased unit starts on the day it ceased.
          dissolution_date: ceased ? isoDate(get('dateDebut')) : null,
          status: ceased ? 'ceased' : get('etatAdministratifUniteLegale') === 'A' ? 'active' : null,
          description: `SIRENE legal category ${get('categorieJuridiqueUniteLegale') || 'unknown'}, activity ${get('activitePrincipaleUniteLegale') || 'unknown'}`,
          company: { company_number: siren, company_type: get('categorieJuridiqueUniteLegale') || null },
          provenance: [
            provenance('siren', siren, `https://annuaire-entreprises.data.gouv.fr/entreprise/${siren}`, retrievedAt),
          ],
        },
      };
    }
    if (index === null) throw new ImportError(file, 'empty file: no header');
  },
});
