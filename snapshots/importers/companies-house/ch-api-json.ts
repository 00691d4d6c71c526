// Companies House Public Data API responses saved as JSON files (a folder of them): profiles, officers, PSCs, filings, charges, insolvency.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CompanyProfile } from '../../../engine/model/records.js';
import { inputFiles } from '../common/files.js';
import { ImportError, defineImporter, type Located, type RecordInput } from '../importer.js';
import {
  appointmentRecords,
  filingEvent,
  insolvencyEvents,
  officerRecords,
  profileEntity,
} from '../../../engine/sources/companies-house/api-resources.js';
import { CH_SOURCE, companyNumber, field, text } from '../../../engine/sources/companies-house/ch-common.js';
import { PscProblem, pscRecords } from '../../../engine/sources/companies-house/psc-records.js';

const items = (doc: unknown): unknown[] => {
  const v = field(doc, 'items');
  return Array.isArray(v) ? (v as unknown[]) : [];
};

/** Responses carry no resource name: tell them apart by their shape (profile, officers, psc, filing-history, …). */
function resourceOf(doc: unknown): string {
  const kind = text(doc, 'kind');
  if (kind === 'officer-list') return 'officers';
  if (kind === 'personal-appointment' || kind === 'corporate-appointment') return 'appointments';
  if (text(doc, 'company_name') !== null && text(doc, 'company_number') !== null) return 'profile';
  if (field(doc, 'filing_history_status') !== undefined) return 'filing-history';
  if (Array.isArray(field(doc, 'cases'))) return 'insolvency';
  if (
    field(doc, 'satisfied_count') !== undefined ||
    items(doc).some((i) => field(i, 'charge_code') !== undefined || field(i, 'charge_number') !== undefined)
  )
    return 'charges';
  const first = text(items(doc)[0], 'kind') ?? '';
  if (field(doc, 'ceased_count') !== undefined || /significant-control|beneficial-owner/.test(first)) return 'psc';
  if (items(doc).some((i) => field(i, 'officer_role') !== undefined)) return 'officers';
  return kind ?? 'unknown';
}

/** The company a response is about: its own number, a /company/<n>/ link, or a number in the file name. */
function companyOf(doc: unknown, file: string): string | null {
  const own = companyNumber(text(doc, 'company_number'));
  if (own !== null) return own;
  const links = [text(field(doc, 'links'), 'self'), ...items(doc).map((i) => text(field(i, 'links'), 'self'))];
  for (const l of links) {
    const m = /\/company\/([A-Z0-9]+)\//i.exec(`${l ?? ''}/`);
    const n = m === null ? null : companyNumber(m[1]);
    if (n !== null) return n;
  }
  const fromName = /(?:^|[^A-Z0-9])((?:[A-Z]{2}\d{6})|\d{8})(?:[^A-Z0-9]|$)/i.exec(path.basename(file))?.[1];
  return fromName === undefined ? null : companyNumber(fromName);
}

interface Loaded {
  file: string;
  doc: unknown;
  resource: string;
  company: string | null;
}

/** API responses are small (a page of at most 100 items): each file is read whole. */
async function load(file: string): Promise<Loaded> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (e) {
    throw new ImportError(file, `cannot be read: ${(e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch (e) {
    throw new ImportError(file, `not JSON (truncated?): ${(e as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new ImportError(file, 'not a Companies House API response: expected a JSON object');
  return { file, doc, resource: resourceOf(doc), company: companyOf(doc, file) };
}

function chargesOf(doc: unknown): NonNullable<CompanyProfile['charges']> {
  const list = items(doc);
  const count = (status: string): number => list.filter((i) => text(i, 'status') === status).length;
  const n = (k: string, fallback: number): number => {
    const v = field(doc, k);
    return typeof v === 'number' ? v : fallback;
  };
  const satisfied = n('satisfied_count', count('fully-satisfied') + count('satisfied'));
  const partSatisfied = n('part_satisfied_count', count('part-satisfied'));
  const total = n('total_count', list.length);
  return {
    total,
    outstanding: Math.max(0, total - satisfied - partSatisfied),
    satisfied,
    part_satisfied: partSatisfied,
  };
}

function* recordsOf(
  l: Loaded,
  company: string,
  charges: Map<string, NonNullable<CompanyProfile['charges']>>,
  retrievedAt: string,
): Generator<Located> {
  const at = (i: number | null): string => (i === null ? l.file : `${l.file}#items[${i}]`);
  const each = function* (build: (item: unknown, i: number) => RecordInput[]): Generator<Located> {
    for (const [i, item] of items(l.doc).entries()) {
      try {
        for (const record of build(item, i)) yield { at: at(i), record };
      } catch (e) {
        if (!(e instanceof PscProblem)) throw e;
        yield { at: at(i), problem: e.message, field: `items[${i}].${e.field.replace(/^items\[\d+\]\./, '')}` };
      }
    }
  };
  switch (l.resource) {
    case 'profile':
      yield { at: at(null), record: profileEntity(l.doc, company, charges.get(company), retrievedAt) };
      return;
    case 'officers':
      yield* each((item) => officerRecords(item, company, retrievedAt));
      return;
    case 'psc':
      yield* each((item) => pscRecords(company, item, { retrievedAt, events: true }));
      return;
    case 'filing-history':
      yield* each((item, i) => [filingEvent(item, company, i, retrievedAt)]);
      return;
    case 'insolvency':
      for (const record of insolvencyEvents(l.doc, company, retrievedAt)) yield { at: at(null), record };
      return;
    default:
      return;
  }
}

async function* readAll(input: string, retrievedAt: string): AsyncGenerator<Located> {
  const files = inputFiles(input, ['.json']);
  // Charges counts belong in the company profile, which may be in another file of the folder: gather them first.
  const charges = new Map<string, NonNullable<CompanyProfile['charges']>>();
  const profiles = new Set<string>();
  for (const file of files) {
    const l = await load(file);
    if (l.company !== null && l.resource === 'charges') charges.set(l.company, chargesOf(l.doc));
    if (l.company !== null && l.resource === 'profile') profiles.add(l.company);
  }
  for (const file of files) {
    const l = await load(file);
    if (l.resource === 'appointments') {
      try {
        for (const record of appointmentRecords(l.doc, retrievedAt)) yield { at: file, record };
      } catch (e) {
        if (!(e instanceof PscProblem)) throw e;
        yield { at: file, problem: e.message, field: e.field };
      }
      continue;
    }
    if (!['profile', 'officers', 'psc', 'filing-history', 'charges', 'insolvency'].includes(l.resource)) {
      yield {
        at: file,
        problem: `unsupported API resource (${l.resource}): expected a company profile, officers, PSCs, filing history, charges, insolvency or appointments`,
        field: 'kind',
      };
      continue;
    }
    if (l.company === null) {
      yield {
        at: file,
        problem: `${l.resource}: no company number in the response or the file name`,
        field: 'links.self',
      };
      continue;
    }
    if (l.resource === 'charges' && !profiles.has(l.company)) {
      yield {
        at: file,
        problem: `charges of ${l.company}: the counts go in its company profile, which is not in this folder`,
        field: 'company_number',
      };
      continue;
    }
    yield* recordsOf(l, l.company, charges, retrievedAt);
  }
}

export const chApiJson = defineImporter({
  format: 'ch-api',
  description:
    'Companies House Public Data API responses (a folder of JSON files): company profiles, officers, PSCs, filing history, charges, insolvency, appointments',
  source: CH_SOURCE,
  input: 'directory',
  read(input, options) {
    return readAll(input, options.retrievedAt);
  },
});
