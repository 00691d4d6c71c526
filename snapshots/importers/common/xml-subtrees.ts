// Streams an XML file with saxes and hands back chosen elements as small trees, with the line each starts on.
import { sourceStream } from './read-progress.js';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportError } from '../importer.js';

/** An element with its namespace prefix dropped: `lei:LegalName` is `LegalName`. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export interface XmlElement {
  node: XmlNode;
  line: number;
}

/**
 * Yields every element whose local name is in `names` (not those nested in one already chosen), once it is
 * closed. Only the chosen subtrees are kept in memory. A file that is not well-formed or ends early throws
 * ImportError naming the file and the line.
 */
export async function* xmlElements(file: string, names: ReadonlySet<string>): AsyncGenerator<XmlElement> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: XmlElement[] = [];
  const stack: XmlNode[] = [];
  let startLine = 0;
  let failure: Error | null = null;
  let failureLine = 0;
  parser.on('opentag', (tag: SaxesTagNS) => {
    const inside = stack.length > 0;
    if (!inside && !names.has(tag.local)) return;
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) attrs[a.prefix === 'xml' ? `xml:${a.local}` : a.local] = a.value;
    const node: XmlNode = { name: tag.local, attrs, children: [], text: '' };
    if (inside) (stack[stack.length - 1] as XmlNode).children.push(node);
    else startLine = parser.line;
    stack.push(node);
  });
  const onText = (t: string): void => {
    const top = stack[stack.length - 1];
    if (top !== undefined) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node === undefined) return;
    node.text = node.text.trim();
    if (stack.length === 0) ready.push({ node, line: startLine });
  });
  parser.on('error', (e: Error) => {
    if (failure === null) {
      failure = e;
      failureLine = parser.line;
    }
  });
  const fail = (e: unknown): never => {
    throw e instanceof ImportError ? e : new ImportError(file, `not well-formed XML: ${(e as Error).message}`, failureLine || parser.line);
  };
  try {
    for await (const chunk of sourceStream(file, { encoding: 'utf8' })) {
      parser.write(chunk as string);
      if (failure !== null) fail(failure);
      yield* ready.splice(0);
    }
    parser.close();
    if (failure !== null) fail(failure);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new ImportError(file, 'file not found');
    fail(e);
  }
  yield* ready.splice(0);
}

/** The first child named `name`. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Every child named `name`. */
export function childrenNamed(node: XmlNode | undefined, name: string): XmlNode[] {
  return node === undefined ? [] : node.children.filter((c) => c.name === name);
}

/** Text of the element at a path of child names, or null when absent or empty. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | null {
  let cur = node;
  for (const p of path) cur = child(cur, p);
  return cur === undefined || cur.text === '' ? null : cur.text;
}
