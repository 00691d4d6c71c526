// GLEIF reporting-exceptions XML (golden-copy Repex): why an entity names no parent → `reporting-exception` statements.
import { children, textAt, type XmlNode } from '../common/xml-node.js';
import { defineImporter } from '../importer.js';
import { readGleifXml } from './gleif-xml-records.js';
import { exceptionStatement } from './level2.js';
import type { Mapped } from './mapped-record.js';

const LAYOUT = { file: 'a reporting-exceptions file', header: 'Header', record: 'Exception' };

function* exceptionStatements(node: XmlNode, asOf: string): Generator<Mapped> {
  const lei = textAt(node, 'LEI');
  const category = textAt(node, 'ExceptionCategory');
  const reasons = children(node, 'ExceptionReason').map((r) => r.text);
  // The schema allows several reasons per exception; each is a statement of its own.
  for (const reason of reasons.length === 0 ? [''] : reasons) {
    yield exceptionStatement(
      {
        lei,
        category,
        reason,
        reference: textAt(node, 'ExceptionReference') || null,
        recordId: `${lei}|${category}|${reason}`,
      },
      asOf,
    );
  }
}

export const gleifRepexXml = defineImporter({
  format: 'gleif-exceptions',
  description: 'GLEIF reporting-exceptions XML (Repex): why an entity reports no direct or ultimate parent',
  source: 'gleif',
  input: 'file',
  read: (file, { retrievedAt }) => readGleifXml(file, LAYOUT, retrievedAt, exceptionStatements),
});
