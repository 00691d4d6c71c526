// Screening a list: each row of a file read as a query by example and matched by the one scorer, with what an audit
// needs on every result (the snapshot and the date of each list screened against).
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { MATCH_SCORE_THRESHOLD } from '../../resolution/match-scorer.js';
import { parseExample, type ParsedExample } from '../yente/match-example.js';
import { wholeScope } from '../yente/match-scope.js';
import { matchExample, type MatchOptions } from '../yente/yente-match.js';
import { DEFAULT_DATASET, datasetNameOf, requireDataset } from '../yente/yente-datasets.js';
import type { ColumnMapping, ScreeningField } from './screening-columns.js';
import type { InputRow, RowValue } from './screening-input.js';

/** Candidates answered per row by default, and at most. */
export const DEFAULT_CANDIDATES = 3;
export const MAX_CANDIDATES = 20;
/**
 * Records scored per row at most (per name of the row): the index's best, then exact namesakes. Bounds the cost of a
 * row with a common name, so a list screens at a steady rate.
 */
export const SCORED_PER_ROW = 20;

export interface ScreeningOptions {
  threshold: number;
  candidates: number;
  mapping: ColumnMapping;
  dataset: string;
}

export const DEFAULT_SCREENING: Omit<ScreeningOptions, 'mapping'> = {
  threshold: MATCH_SCORE_THRESHOLD,
  candidates: DEFAULT_CANDIDATES,
  dataset: DEFAULT_DATASET,
};

export interface ScreenedCandidate {
  id: string;
  caption: string;
  schema: string;
  score: number;
  match: boolean;
  datasets: string[];
  sanctioned: boolean;
  explanations: Record<string, { score: number; detail: string }>;
}

/** What a list was as of: its source's date, or when a live change last touched it. */
export interface ListVersion {
  dataset: string;
  title: string;
  as_of: string | null;
}

export interface ScreenedRow {
  line: number;
  /** The row's own id column, when it has one. */
  row_id: string | null;
  name: string | null;
  /** Whether any candidate is a match; null when the row could not be screened. */
  match: boolean | null;
  candidates: ScreenedCandidate[];
  /** Why the row could not be screened: its line, the field and what is wrong. */
  error: string | null;
  snapshot_id: string;
  lists: ListVersion[];
}

const SCHEMATA: Readonly<Record<string, string>> = {
  person: 'Person',
  individual: 'Person',
  company: 'Company',
  organization: 'Organization',
  organisation: 'Organization',
  entity: 'LegalEntity',
  legalentity: 'LegalEntity',
  vessel: 'Vessel',
  ship: 'Vessel',
};

const valuesOf = (v: RowValue | undefined, split: boolean): string[] => {
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : split ? v.split(';') : [v];
  return list.map((x) => x.trim()).filter((x) => x !== '');
};

export class ScreeningRun {
  readonly #corpus: Corpus;
  readonly #match: MatchOptions;
  readonly #lists: ListVersion[];
  #columns: ColumnMapping | null = null;

  constructor(corpus: Corpus, options: ScreeningOptions) {
    if (!Number.isInteger(options.candidates) || options.candidates < 1 || options.candidates > MAX_CANDIDATES)
      throw new ServiceError('invalid_parameter', `candidates must be 1 to ${MAX_CANDIDATES}`, 'candidates');
    if (!(options.threshold >= 0 && options.threshold <= 1))
      throw new ServiceError('invalid_parameter', 'threshold must be 0 to 1', 'threshold');
    this.#corpus = corpus;
    this.#match = {
      ...wholeScope(requireDataset(corpus, options.dataset)),
      limit: options.candidates,
      threshold: options.threshold,
      cutoff: Math.min(options.threshold, 0.7),
      scoredPerName: SCORED_PER_ROW,
      stopAtCertain: true,
    };
    this.#lists = corpus.info.sources.map((s) => {
      const fresh = corpus.freshness.get(s.code);
      return {
        dataset: datasetNameOf(s.code),
        title: s.name,
        as_of: fresh === undefined ? s.as_of : new Date(fresh.appliedAt).toISOString().slice(0, 10),
      };
    });
  }

  /** The columns of a file with these headers (see resolveColumns); set once, before its first row. */
  useColumns(columns: ColumnMapping): void {
    this.#columns = columns;
  }

  get lists(): readonly ListVersion[] {
    return this.#lists;
  }

  /** A result, its fields in the order a reader scans them: the row, the verdict, then what it was screened against. */
  #result(
    row: InputRow,
    rowId: string | null,
    name: string | null,
    outcome: { candidates: ScreenedCandidate[] } | { error: string },
  ): ScreenedRow {
    const candidates = 'candidates' in outcome ? outcome.candidates : [];
    return {
      line: row.line,
      row_id: rowId,
      name,
      match: 'error' in outcome ? null : candidates.some((c) => c.match),
      candidates,
      error: 'error' in outcome ? `line ${row.line}: ${outcome.error}` : null,
      snapshot_id: this.#corpus.info.snapshotId,
      lists: this.#lists,
    };
  }

  screen(row: InputRow): ScreenedRow {
    if ('problem' in row) return this.#result(row, null, null, { error: row.problem });
    const columns = this.#columns ?? {};
    const field = (f: ScreeningField, split = false): string[] => {
      const header = columns[f];
      return header === undefined ? [] : valuesOf(row.values[header], split);
    };
    const rowId = field('id')[0] ?? null;
    const name = field('name')[0] ?? null;
    const fail = (message: string): ScreenedRow => this.#result(row, rowId, name, { error: message });
    if (name === null) return fail(`the name (column "${columns.name ?? 'name'}") is empty`);
    const given = field('schema')[0];
    const schema =
      given === undefined
        ? field('dob').length > 0
          ? 'Person'
          : 'LegalEntity'
        : SCHEMATA[given.toLowerCase().replace(/[\s_-]/g, '')];
    if (schema === undefined)
      return fail(
        `the type (column "${columns.schema ?? 'schema'}") "${given ?? ''}" is not one of ${Object.keys(SCHEMATA).join(', ')}`,
      );
    let example: ParsedExample;
    try {
      example = parseExample(`line ${row.line}`, {
        schema,
        properties: {
          name: [name],
          ...(field('alias', true).length > 0 ? { alias: field('alias', true) } : {}),
          ...(schema === 'Person' ? { birthDate: field('dob'), nationality: field('nationality') } : {}),
          country: field('country'),
          ...(schema === 'Person' || schema === 'Vessel' ? {} : { jurisdiction: field('jurisdiction') }),
          ...(schema === 'Vessel' ? { imoNumber: field('imo') } : {}),
          ...(schema === 'Person' || schema === 'Vessel'
            ? {}
            : { registrationNumber: field('registration'), leiCode: field('lei') }),
        },
      });
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      return fail(err.message.replace(/^queries\.line \d+\.properties\./, ''));
    }
    const matched = matchExample(this.#corpus, example, this.#match);
    const candidates = matched.results.map((r) => ({
      id: r.id,
      caption: r.caption,
      schema: r.schema,
      score: r.score,
      match: r.match,
      datasets: r.datasets,
      sanctioned: r.target,
      explanations: r.explanations,
    }));
    return this.#result(row, rowId, name, { candidates });
  }
}
