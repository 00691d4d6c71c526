// A tiny XML tree for the record elements of the sanctions files, built with saxes; namespaces are ignored on purpose
// (OFAC changed its default namespace in 2024, so elements are matched by local name).
import { SaxesParser } from 'saxes';

export interface XmlNode {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: XmlNode[];
  text: string;
}

function localName(qualified: string): string {
  const i = qualified.indexOf(':');
  return i < 0 ? qualified : qualified.slice(i + 1);
}

/** Every element named `recordName` (local name), as a tree; the rest of the document is skipped. */
export function xmlRecords(xml: string, recordName: string): XmlNode[] {
  const parser = new SaxesParser();
  const records: XmlNode[] = [];
  const stack: XmlNode[] = [];
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (stack.length === 0 && name !== recordName) return;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = v;
    const node: XmlNode = { name, attrs, children: [], text: '' };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const onText = (t: string): void => {
    const top = stack.at(-1);
    if (top !== undefined) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node !== undefined && stack.length === 0) records.push(node);
  });
  parser.write(xml).close();
  return records;
}

/** The direct children called `name`. */
export function kids(node: XmlNode | undefined, name: string): XmlNode[] {
  return node === undefined ? [] : node.children.filter((c) => c.name === name);
}

export function kid(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** The trimmed text of the first child called `name`, or undefined when absent or empty. */
export function kidText(node: XmlNode | undefined, name: string): string | undefined {
  const t = kid(node, name)?.text.trim();
  return t === undefined || t === '' ? undefined : t;
}

/** Every descendant called `name`, depth first. */
export function descendants(node: XmlNode, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode): void => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}
