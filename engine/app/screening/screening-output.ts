// Screening results as CSV (one line per row screened, its best candidates folded into columns) or JSON lines
// (every candidate with its explanations), and the summary of a run.
import { stringify } from 'csv-stringify/sync';
import type { ScreenedRow } from './screening.js';

export const OUTPUT_FORMATS = ['csv', 'jsonl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const CSV_COLUMNS = [
  'line',
  'row_id',
  'name',
  'match',
  'score',
  'matched_id',
  'matched_name',
  'sanctioned',
  'candidates',
  'error',
  'snapshot_id',
  'lists',
] as const;

function csvCells(r: ScreenedRow): string[] {
  const best = r.candidates[0];
  return [
    String(r.line),
    r.row_id ?? '',
    r.name ?? '',
    r.match === null ? '' : String(r.match),
    best === undefined ? '' : String(best.score),
    best?.match === true ? best.id : '',
    best?.match === true ? best.caption : '',
    best?.match === true ? String(best.sanctioned) : '',
    r.candidates.map((c) => `${c.id} ${c.score}`).join('; '),
    r.error ?? '',
    r.snapshot_id,
    r.lists.map((l) => `${l.dataset} ${l.as_of ?? 'undated'}`).join('; '),
  ];
}

export function headerLine(format: OutputFormat): string {
  return format === 'csv' ? stringify([[...CSV_COLUMNS]]) : '';
}

export function resultLine(r: ScreenedRow, format: OutputFormat): string {
  return format === 'csv' ? stringify([csvCells(r)]) : `${JSON.stringify(r)}\n`;
}

export interface ScreeningSummary {
  rows: number;
  screened: number;
  matched: number;
  errors: number;
  seconds: number;
  rows_per_second: number;
}

/** Counts a run's results as they are written. */
export class SummaryCounter {
  readonly #started = performance.now();
  #rows = 0;
  #matched = 0;
  #errors = 0;

  add(r: ScreenedRow): void {
    this.#rows++;
    if (r.error !== null) this.#errors++;
    else if (r.match === true) this.#matched++;
  }

  get rows(): number {
    return this.#rows;
  }

  summary(): ScreeningSummary {
    const seconds = (performance.now() - this.#started) / 1000;
    return {
      rows: this.#rows,
      screened: this.#rows - this.#errors,
      matched: this.#matched,
      errors: this.#errors,
      seconds: Math.round(seconds * 100) / 100,
      rows_per_second: seconds > 0 ? Math.round(this.#rows / seconds) : 0,
    };
  }
}
