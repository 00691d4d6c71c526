// Every importer, by format name: the command line, the README table and the tests read this one list.
import { chApiJson } from './companies-house/ch-api-json.js';
import { chBasicCsv } from './companies-house/ch-basic-csv.js';
import { chIxbrl } from './companies-house/ch-ixbrl.js';
import { chOfficersDat } from './companies-house/ch-officers-dat.js';
import { chPscJsonl } from './companies-house/ch-psc-jsonl.js';
import { euFsfXml } from './eu/eu-fsf-xml.js';
import { gleifJson } from './gleif/gleif-json.js';
import { gleifLeiCdfXml } from './gleif/gleif-lei-cdf-xml.js';
import { gleifRepexXml } from './gleif/gleif-repex-xml.js';
import { gleifRrXml } from './gleif/gleif-rr-xml.js';
import { icijCsv } from './icij/icij-csv.js';
import { secCompanyTickers } from './identifiers/sec-company-tickers.js';
import { sireneCsv } from './identifiers/sirene-csv.js';
import { cnpj } from './identifiers/cnpj.js';
import type { Importer } from './importer.js';
import { ofacCsv } from './ofac/ofac-csv.js';
import { ofacEnhancedXml } from './ofac/ofac-enhanced-xml.js';
import { ofacXml } from './ofac/ofac-xml.js';
import { opensanctionsFtm } from './opensanctions/opensanctions-ftm.js';
import { opensanctionsTargetsCsv } from './opensanctions/opensanctions-targets-csv.js';
import { ukFcdoXml } from './uk/uk-fcdo-xml.js';
import { unXml } from './un/un-xml.js';

export const IMPORTERS: readonly Importer[] = [
  chApiJson,
  chBasicCsv,
  chIxbrl,
  chOfficersDat,
  chPscJsonl,
  cnpj,
  euFsfXml,
  gleifJson,
  gleifLeiCdfXml,
  gleifRepexXml,
  gleifRrXml,
  icijCsv,
  ofacCsv,
  ofacEnhancedXml,
  ofacXml,
  opensanctionsFtm,
  opensanctionsTargetsCsv,
  secCompanyTickers,
  sireneCsv,
  ukFcdoXml,
  unXml,
];

export function importerFor(format: string): Importer | undefined {
  return IMPORTERS.find((i) => i.format === format);
}
