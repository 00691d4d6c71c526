// Runs a screening over rows as they are read: columns resolved from the first row read, every row answered in order.
import { resolveColumns, type ColumnMapping } from './screening-columns.js';
import type { InputRow } from './screening-input.js';
import { SummaryCounter, type ScreeningSummary } from './screening-output.js';
import type { ScreenedRow, ScreeningRun } from './screening.js';

/**
 * Screens each row and hands its result to `emit`, in order. The columns are resolved on the first row that was read
 * (a mapped column the file lacks fails the run before any result is emitted); rows that could not be read before
 * it are held until then.
 */
export async function screenRows(
  run: ScreeningRun,
  rows: AsyncIterable<InputRow> | Iterable<InputRow>,
  mapping: ColumnMapping,
  emit: (result: ScreenedRow) => void | Promise<void>,
): Promise<ScreeningSummary> {
  const counter = new SummaryCounter();
  const held: InputRow[] = [];
  let resolved = false;
  const answer = async (row: InputRow): Promise<void> => {
    const result = run.screen(row);
    counter.add(result);
    await emit(result);
  };
  for await (const row of rows) {
    if (!resolved) {
      if ('problem' in row) {
        held.push(row);
        continue;
      }
      run.useColumns(resolveColumns(Object.keys(row.values), mapping));
      resolved = true;
      for (const h of held.splice(0)) await answer(h);
    }
    await answer(row);
  }
  for (const h of held) await answer(h);
  return counter.summary();
}
