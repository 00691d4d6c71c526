// Screening throughput for the benchmark: a list of names half drawn from the corpus (as its records write them,
// people with their birth dates) and half made of words of two unrelated names, screened row by row in-process.
import { ScreeningRun, DEFAULT_SCREENING } from '../engine/app/screening/screening.js';
import type { Corpus } from '../engine/corpus.js';

export interface ScreeningRate {
  rows: number;
  matched: number;
  seconds: number;
  rows_per_s: number;
}

export function screeningRate(corpus: Corpus, picks: readonly number[], rows: number): ScreeningRate {
  const run = new ScreeningRun(corpus, { ...DEFAULT_SCREENING, mapping: {} });
  run.useColumns({ name: 'name', dob: 'dob', schema: 'type' });
  const list = Array.from({ length: rows }, (_, i) => {
    const ix = picks[i % picks.length] as number;
    const record = corpus.entities.record(ix);
    if (i % 2 === 0) {
      const values: Record<string, string> = {
        name: record.name,
        type: record.type === 'person' ? 'person' : 'entity',
      };
      if (record.birth_date !== null) values['dob'] = record.birth_date;
      return { line: i + 2, values };
    }
    const other = corpus.entities.record(picks[(i * 7 + 3) % picks.length] as number);
    const words = [...record.name.split(' ').slice(0, 2), ...other.name.split(' ').slice(-2)];
    return { line: i + 2, values: { name: words.join(' '), type: 'entity' } };
  });
  let matched = 0;
  const started = performance.now();
  for (const row of list) if (run.screen(row).match === true) matched++;
  const seconds = (performance.now() - started) / 1000;
  return { rows, matched, seconds: Math.round(seconds * 100) / 100, rows_per_s: Math.round(rows / seconds) };
}
