// Companies House accounts (iXBRL from the Accounts Bulk Data Product, or plain XBRL): key figures per period.
import path from 'node:path';
import { inputFiles } from '../common/files.js';
import { defineImporter, type Located, type RecordInput } from '../importer.js';
import {
  CH_SOURCE,
  companyId,
  companyNumber,
  companyUrl,
  provenance,
} from '../../../engine/sources/companies-house/ch-common.js';
import { readXbrl, type Context, type Fact, type XbrlDocument } from './ixbrl-document.js';
import { NumberProblem, factValue } from './ixbrl-numbers.js';

const METRICS = ['turnover', 'profit', 'net_assets', 'cash', 'employees'] as const;
type Metric = (typeof METRICS)[number];

/**
 * Concept local names per figure, best first: FRC taxonomies (FRS 101/102/105, charities) and the old UK GAAP
 * ones. Equity is total equity only in a non-dimensional context, and it equals net assets there.
 */
const CONCEPTS: Record<Metric, readonly string[]> = {
  turnover: ['TurnoverRevenue', 'TurnoverGrossOperatingRevenue', 'Turnover'],
  profit: ['ProfitLoss', 'ProfitLossForPeriod', 'ProfitLossOnOrdinaryActivitiesAfterTax'],
  net_assets: [
    'NetAssetsLiabilities',
    'NetAssetsLiabilitiesIncludingPensionAssetLiability',
    'TotalNetAssetsLiabilities',
    'Equity',
    'ShareholderFunds',
  ],
  cash: ['CashBankOnHand', 'CashBankInHand'],
  employees: ['AverageNumberEmployeesDuringPeriod', 'EmployeesTotal'],
};
const METRIC_OF = new Map<string, { metric: Metric; rank: number }>(
  METRICS.flatMap((m) => CONCEPTS[m].map((c, rank) => [c, { metric: m, rank }] as const)),
);

/** Accounts taxonomies by namespace (the prefix is arbitrary: core:, uk-core:, ns6:, d:…). */
const ACCOUNTS_NS =
  /^http:\/\/(xbrl\.frc\.org\.uk\/|www\.xbrl\.org\/uk\/|www\.companieshouse\.gov\.uk\/ef\/xbrl\/|www\.xbrl\.org\/2003\/instance$)/;
const NAME_CONCEPTS = new Set(['EntityCurrentLegalOrRegisteredName', 'EntityCurrentLegalName']);
const NUMBER_CONCEPTS = new Set(['UKCompaniesHouseRegisteredNumber', 'CompaniesHouseRegisteredNumber']);

interface Period {
  end: string;
  start: string | null;
  currency: string | null;
  values: Partial<Record<Metric, { value: number; rank: number }>>;
}

const endOf = (c: Context): string | null => c.instant ?? c.end;

/** The company number: the entity identifier of the contexts, the registered-number fact, or the bulk file name. */
function companyOf(doc: XbrlDocument, file: string): string | null {
  for (const c of doc.contexts.values()) {
    if (c.scheme !== null && /companieshouse/i.test(c.scheme) && c.identifier !== null) {
      // Not always zero-padded in the files ("390616"): normalised to 8 characters.
      const n = companyNumber(c.identifier);
      if (n !== null) return n;
    }
  }
  const fact = doc.facts.find((f) => NUMBER_CONCEPTS.has(f.local) && f.text.trim() !== '');
  const fromFact = fact === undefined ? null : companyNumber(fact.text.trim());
  return fromFact ?? companyNumber(/^Prod\d+_\d+_([A-Z0-9]+)_\d{8}\./i.exec(path.basename(file))?.[1] ?? '');
}

function* readPeriods(doc: XbrlDocument, at: (f: Fact) => string): Generator<Located, Period[]> {
  const periods = new Map<string, Period>();
  for (const f of doc.facts) {
    const m = METRIC_OF.get(f.local);
    if (m === undefined || !f.numeric || f.nil || !ACCOUNTS_NS.test(f.uri)) continue;
    const c = doc.contexts.get(f.contextRef);
    if (c === undefined) {
      yield { at: at(f), problem: `context ${JSON.stringify(f.contextRef)} is not defined`, field: f.local };
      continue;
    }
    // Breakdowns (per director, per share class, consolidated vs company) are not the entity's own figure.
    if (c.dimensional) continue;
    const end = endOf(c);
    if (end === null) continue;
    let value: number;
    try {
      value = factValue(f.text, f.format, f.scale, f.negative);
    } catch (e) {
      if (!(e instanceof NumberProblem)) throw e;
      yield { at: at(f), problem: e.message, field: f.local };
      continue;
    }
    const p = periods.get(end) ?? { end, start: null, currency: null, values: {} };
    periods.set(end, p);
    if (c.start !== null && (p.start === null || c.start < p.start)) p.start = c.start;
    const currency = f.unitRef === null ? undefined : doc.currencies.get(f.unitRef);
    if (currency !== undefined) p.currency ??= currency;
    // The same fact is tagged several times (statement, notes, hidden header): the first of the best concept wins.
    const seen = p.values[m.metric];
    if (seen === undefined || m.rank < seen.rank) p.values[m.metric] = { value, rank: m.rank };
  }
  // A period whose tagged figures are all balances still has a start: that of a duration context ending with it.
  for (const p of periods.values()) {
    if (p.start !== null) continue;
    for (const c of doc.contexts.values())
      if (!c.dimensional && c.end === p.end && c.start !== null && (p.start === null || c.start < p.start))
        p.start = c.start;
  }
  return [...periods.values()].sort((a, b) => (a.end < b.end ? 1 : -1));
}

async function* readFile(file: string, retrievedAt: string): AsyncGenerator<Located> {
  const doc = await readXbrl(file);
  const name = path.basename(file);
  const at = (f: Fact): string => `${file}:${f.line}`;
  const number = companyOf(doc, file);
  if (number === null) {
    yield {
      at: file,
      problem: 'no Companies House registered number in the file or its name',
      field: 'UKCompaniesHouseRegisteredNumber',
    };
    return;
  }
  const gen = readPeriods(doc, at);
  let step = gen.next();
  while (step.done !== true) {
    yield step.value;
    step = gen.next();
  }
  const url = `${companyUrl(number)}/filing-history`;
  const legalName = doc.facts
    .find((f) => NAME_CONCEPTS.has(f.local) && f.text.trim() !== '')
    ?.text.replace(/\s+/g, ' ')
    .trim();
  if (legalName !== undefined) {
    const entity: RecordInput = {
      record: 'entity',
      id: companyId(number),
      type: 'company',
      name: legalName,
      jurisdiction: 'GB',
      identifiers: [{ scheme: 'gb-coh', value: number }],
      provenance: [provenance(name, url, retrievedAt)],
    };
    yield { at: file, record: entity };
  }
  // The current period is the latest end date; the prior one, when tagged, is the next; earlier dates are
  // opening balances of the prior year, not a period of these accounts.
  for (const p of step.value.slice(0, 2)) {
    const v = (m: Metric): number | null => p.values[m]?.value ?? null;
    yield {
      at: `${file}#${p.end}`,
      record: {
        record: 'financials',
        entity_id: companyId(number),
        period_start: p.start,
        period_end: p.end,
        currency: p.currency ?? 'GBP',
        turnover: v('turnover'),
        profit: v('profit'),
        net_assets: v('net_assets'),
        cash: v('cash'),
        employees: v('employees'),
        provenance: provenance(`${name}#${p.end}`, url, retrievedAt),
      },
    };
  }
}

export const chIxbrl = defineImporter({
  format: 'ch-ixbrl',
  description:
    'Companies House accounts (iXBRL bulk accounts or XBRL instances, a file or a folder): turnover, profit, net assets, cash, employees per period',
  source: CH_SOURCE,
  input: 'file or directory',
  async *read(input, options) {
    for (const file of inputFiles(input, ['.html', '.xhtml', '.htm', '.xml']))
      yield* readFile(file, options.retrievedAt);
  },
});
