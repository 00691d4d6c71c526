// Chosen elements of an XML file as trees whose values are trimmed but otherwise kept as published (GLEIF's files).
import { xmlElements, type Tidy } from './xml-elements.js';
import type { XmlNode } from './xml-node.js';

// GLEIF's golden-copy JSON of the same records is only trimmed too, so a name reads the same from either file.
const trim: Tidy = (s) => s.trim();

/**
 * Every element whose local name is in `names` (not those nested in one already chosen), once it is closed. A file
 * that is missing, not well-formed or cut short throws ImportError naming it.
 */
export async function* xmlSubtrees(file: string, names: ReadonlySet<string>): AsyncGenerator<XmlNode> {
  for await (const item of xmlElements(file, names, trim)) if (item.kind === 'element') yield item.node;
}
