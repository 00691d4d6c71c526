// The two XML readers build the same nodes and differ only in tidying: sanctions lists collapse spaces, GLEIF trims.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { xmlElements } from '../../../../snapshots/importers/common/xml-elements.js';
import type { XmlNode } from '../../../../snapshots/importers/common/xml-node.js';
import { xmlSubtrees } from '../../../../snapshots/importers/common/xml-subtrees.js';

const dir = mkdtempSync(path.join(tmpdir(), 'unshell-xml-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'list.xml');
writeFileSync(
  file,
  '<x:list xmlns:x="urn:x" x:date=" 2026-01-01 ">\n  <x:item code=" a  b ">\n    <x:name>  ACME \n  HOLDINGS  </x:name>\n  </x:item>\n</x:list>\n',
);

describe('xml readers', () => {
  it('xmlElements yields the root, then each chosen element with its line, values collapsed', async () => {
    const items: { kind: string; node: XmlNode }[] = [];
    for await (const item of xmlElements(file, new Set(['item']))) items.push(item);
    assert.deepEqual(
      items.map((i) => [i.kind, i.node.name, i.node.line]),
      [
        ['root', 'list', 1],
        ['element', 'item', 2],
      ],
    );
    assert.equal(items[0]?.node.attrs['date'], '2026-01-01');
    assert.equal(items[1]?.node.attrs['code'], 'a b');
    assert.equal(items[1]?.node.children[0]?.text, 'ACME HOLDINGS');
  });

  it('xmlSubtrees yields the chosen elements only, values trimmed but spaced as published', async () => {
    const nodes: XmlNode[] = [];
    for await (const node of xmlSubtrees(file, new Set(['item']))) nodes.push(node);
    assert.deepEqual(
      nodes.map((n) => n.name),
      ['item'],
    );
    assert.equal(nodes[0]?.attrs['code'], 'a  b');
    assert.equal(nodes[0]?.children[0]?.text, 'ACME \n  HOLDINGS');
  });
});
