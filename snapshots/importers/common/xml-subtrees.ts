// Chosen elements of an XML file as trees with trimmed text, and path lookups that answer null for absent values.
// GLEIF's LEI-CDF importers read XML and badgerfish JSON through this one node shape; parsing is `xml-elements.ts`.
import { xmlElements, type XmlNode as ParsedNode } from './xml-elements.js';

/** An element with its namespace prefix dropped (`lei:LegalName` is `LegalName`) and its own text trimmed. */
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

function trimmed(node: ParsedNode): XmlNode {
  return { name: node.name, attrs: node.attrs, children: node.children.map(trimmed), text: node.text.trim() };
}

/**
 * Every element whose local name is in `names` (not those nested in one already chosen), once it is closed, with
 * the line it starts on. A file that is missing, not well-formed or cut short throws ImportError naming it.
 */
export async function* xmlSubtrees(file: string, names: ReadonlySet<string>): AsyncGenerator<XmlElement> {
  for await (const item of xmlElements(file, names))
    if (item.kind === 'element') yield { node: trimmed(item.node), line: item.node.line };
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
