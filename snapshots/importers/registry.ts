// Every importer, by format name: the command line, the README table and the tests read this one list.
import type { Importer } from './importer.js';
import { gleifApiJson } from './gleif/gleif-api-json.js';
import { gleifGoldenJson } from './gleif/gleif-golden-json.js';
import { gleifLeiCdfXml } from './gleif/gleif-lei-cdf-xml.js';
import { gleifRepexXml } from './gleif/gleif-repex-xml.js';
import { gleifRrXml } from './gleif/gleif-rr-xml.js';
import { icijCsv } from './icij/icij-csv.js';
import { secCompanyTickers } from './identifiers/sec-company-tickers.js';
import { sireneCsv } from './identifiers/sirene-csv.js';

export const IMPORTERS: readonly Importer[] = [gleifApiJson, gleifGoldenJson, gleifLeiCdfXml, gleifRepexXml, gleifRrXml, icijCsv, secCompanyTickers, sireneCsv];

export function importerFor(format: string): Importer | undefined {
  return IMPORTERS.find((i) => i.format === format);
}
