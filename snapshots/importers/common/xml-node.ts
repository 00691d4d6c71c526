// The element tree every XML reader builds (and GLEIF's JSON is rebuilt as), and the accessors importers read it by.

/**
 * An element: its local name (namespace prefix dropped, `lei:LegalName` is `LegalName`), its attributes and its own
 * text, both already tidied by the reader that built it (see `xml-elements.ts`), so accessors hand them back as is.
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  /** Line of the start tag; for a tree rebuilt from JSON, the line of the record. */
  line: number;
}

/** The first child named `name`. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Every child named `name`. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node === undefined ? [] : node.children.filter((c) => c.name === name);
}

/** The text of the element at `path` (`a/b/c`, the first match at each step), '' when absent. */
export function textAt(node: XmlNode | undefined, path: string): string {
  let at = node;
  for (const part of path.split('/')) at = child(at, part);
  return at?.text ?? '';
}

/** Texts of every element reached by `path`, following all matching children at each step, empties dropped. */
export function textsAt(node: XmlNode, path: string): string[] {
  let level: XmlNode[] = [node];
  for (const part of path.split('/')) level = level.flatMap((n) => children(n, part));
  return level.map((n) => n.text).filter((t) => t !== '');
}

/** Attribute value, '' when absent. */
export function attr(node: XmlNode, name: string): string {
  return node.attrs[name] ?? '';
}
