// A StringColumn holding the given strings, pushed one by one: the fixture of tests of what reads columns.
import { StringColumn } from '../../engine/store/string-column.js';

export function columnOf(strings: readonly string[]): StringColumn {
  const column = new StringColumn();
  for (const s of strings) column.push(s);
  return column;
}
