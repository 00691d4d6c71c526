// GLEIF's XML files, whatever records they hold: a header that dates the file, then the records, mapped one by one.
import { isoDate } from '../../../engine/sources/record-dates.js';
import { textAt, type XmlNode } from '../common/xml-node.js';
import { xmlSubtrees } from '../common/xml-subtrees.js';
import { ImportError, type Located } from '../importer.js';
import { located, type Mapped } from './mapped-record.js';

/** One of GLEIF's XML layouts: its header and record elements, and how an error names a file of it. */
export interface GleifXmlLayout {
  /** `an LEI-CDF file`, `a reporting-exceptions file`. */
  file: string;
  header: string;
  record: string;
}

/**
 * Maps every record of `file` with the date its header publishes (`retrievedAt` when the header gives none). The
 * header comes first and dates the whole file; without it this is not a file of the layout, and ImportError says so.
 */
export async function* readGleifXml(
  file: string,
  layout: GleifXmlLayout,
  retrievedAt: string,
  map: (record: XmlNode, asOf: string) => Iterable<Mapped>,
): AsyncGenerator<Located> {
  let asOf: string | null = null;
  for await (const node of xmlSubtrees(file, new Set([layout.header, layout.record]))) {
    if (node.name === layout.header) {
      asOf = isoDate(textAt(node, 'ContentDate')) ?? retrievedAt;
      continue;
    }
    if (asOf === null)
      throw new ImportError(file, `not ${layout.file}: ${layout.record} before any ${layout.header}`, node.line);
    const at = `${file}:${node.line}`;
    for (const mapped of map(node, asOf)) yield* located(at, mapped);
  }
  if (asOf === null) throw new ImportError(file, `not ${layout.file}: no ${layout.header}`);
}
