// GLEIF reporting-exceptions XML (golden-copy Repex): why an entity names no parent → `reporting-exception` statements.
import { ImportError, defineImporter, type Located } from '../importer.js';
import { isoDate } from '../common/record-dates.js';
import { children, textAt } from '../common/xml-node.js';
import { xmlSubtrees } from '../common/xml-subtrees.js';
import { exceptionStatement } from './level2.js';

const ELEMENTS = new Set(['Header', 'Exception']);

export const gleifRepexXml = defineImporter({
  format: 'gleif-exceptions',
  description: 'GLEIF reporting-exceptions XML (Repex): why an entity reports no direct or ultimate parent',
  source: 'gleif',
  input: 'file',
  async *read(file, { retrievedAt }): AsyncGenerator<Located> {
    let asOf: string | null = null;
    for await (const node of xmlSubtrees(file, ELEMENTS)) {
      const line = node.line;
      if (node.name === 'Header') {
        asOf = isoDate(textAt(node, 'ContentDate')) ?? retrievedAt;
        continue;
      }
      if (asOf === null)
        throw new ImportError(file, 'not a reporting-exceptions file: Exception before any Header', line);
      const lei = textAt(node, 'LEI');
      const category = textAt(node, 'ExceptionCategory');
      const reasons = children(node, 'ExceptionReason').map((r) => r.text);
      // The schema allows several reasons per exception; each is a statement of its own.
      for (const reason of reasons.length === 0 ? [''] : reasons) {
        const mapped = exceptionStatement(
          {
            lei,
            category,
            reason,
            reference: textAt(node, 'ExceptionReference') || null,
            recordId: `${lei}|${category}|${reason}`,
          },
          asOf,
        );
        if (mapped !== null)
          yield 'record' in mapped
            ? { at: `${file}:${line}`, record: mapped.record }
            : { at: `${file}:${line}`, ...mapped };
      }
    }
    if (asOf === null) throw new ImportError(file, 'not a reporting-exceptions file: no Header');
  },
});
