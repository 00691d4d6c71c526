// Streams an XML file with saxes and hands back whole subtrees of the elements asked for, with their line numbers.
import { SaxesParser } from 'saxes';
import { ImportError } from '../importer.js';
import { sourceText } from './read-progress.js';
import type { XmlNode } from './xml-node.js';

/** The root element (attributes only, no children) comes first, then each collected element as it closes. */
export type XmlItem = { kind: 'root'; node: XmlNode } | { kind: 'element'; node: XmlNode };

// Sources moved namespaces over the years (OFAC: tempuri.org → sanctionslistservice), so names are matched locally.
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/** How a reader tidies every text and attribute value, once, as it builds the tree. */
export type Tidy = (raw: string) => string;

/** Whitespace collapsed: sources write hard newlines, trailing spaces and double spaces inside values. */
export const collapseSpace: Tidy = (s) => s.replace(/\s+/g, ' ').trim();

/**
 * Yields the root, then every element whose local name is in `collect` (outside another collected element) as a
 * tree, its values tidied by `tidy`. Only those subtrees are held in memory. A file that is missing, not XML or
 * truncated throws ImportError.
 */
export async function* xmlElements(
  file: string,
  collect: ReadonlySet<string>,
  tidy: Tidy = collapseSpace,
): AsyncGenerator<XmlItem> {
  const parser = new SaxesParser({ position: true });
  const ready: XmlItem[] = [];
  const stack: XmlNode[] = [];
  let depth = 0;
  let collecting = -1; // depth at which the current collected element opened, -1 when none
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    // Without namespace tracking saxes gives attributes as plain strings.
    for (const [k, v] of Object.entries(tag.attributes as Record<string, string>)) attrs[local(k)] = tidy(v);
    const node: XmlNode = { name: local(tag.name), attrs, children: [], text: '', line: parser.line };
    if (depth === 0) ready.push({ kind: 'root', node });
    else if (collecting >= 0) stack[stack.length - 1]?.children.push(node);
    else if (collect.has(node.name)) collecting = depth;
    if (collecting >= 0) stack.push(node);
    depth += 1;
  });
  const onText = (t: string): void => {
    const top = stack[stack.length - 1];
    if (top !== undefined) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    depth -= 1;
    if (collecting < 0) return;
    const node = stack.pop();
    if (node === undefined) return;
    node.text = tidy(node.text);
    if (depth === collecting) {
      ready.push({ kind: 'element', node });
      collecting = -1;
    }
  });
  const fail = (err: unknown): ImportError =>
    err instanceof ImportError
      ? err
      : new ImportError(file, `not well-formed XML: ${(err as Error).message}`, parser.line);
  try {
    // Leaving this loop, by an error or by the caller stopping, closes the file.
    for await (const chunk of sourceText(file, { highWaterMark: 256 * 1024 })) {
      parser.write(chunk);
      yield* ready.splice(0);
    }
    parser.close();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== undefined)
      throw new ImportError(file, `cannot read: ${(err as Error).message}`);
    throw fail(err);
  }
  yield* ready.splice(0);
  if (depth !== 0) throw new ImportError(file, 'truncated XML: the root element is not closed', parser.line);
}
