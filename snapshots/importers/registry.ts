// Every importer, by format name: the command line, the README table and the tests read this one list.
import { chApiJson } from './companies-house/ch-api-json.js';
import { chBasicCsv } from './companies-house/ch-basic-csv.js';
import { chIxbrl } from './companies-house/ch-ixbrl.js';
import { chOfficersDat } from './companies-house/ch-officers-dat.js';
import { chPscJsonl } from './companies-house/ch-psc-jsonl.js';
import type { Importer } from './importer.js';

export const IMPORTERS: readonly Importer[] = [chApiJson, chBasicCsv, chIxbrl, chOfficersDat, chPscJsonl];

export function importerFor(format: string): Importer | undefined {
  return IMPORTERS.find((i) => i.format === format);
}
