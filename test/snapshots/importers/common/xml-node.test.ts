// The XML node accessors: paths through first matches, every match, attributes, and '' for what is absent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  attr,
  child,
  children,
  textAt,
  textsAt,
  type XmlNode,
} from '../../../../snapshots/importers/common/xml-node.js';

const node = (name: string, text: string, kids: XmlNode[] = [], attrs: Record<string, string> = {}): XmlNode => ({
  name,
  attrs,
  children: kids,
  text,
  line: 1,
});

const entry = node('entry', '', [
  node('akaList', '', [node('aka', '', [node('lastName', 'ONE')]), node('aka', '', [node('lastName', '')])]),
  node('akaList', '', [node('aka', '', [node('lastName', 'TWO')])]),
  node('uid', '7101', [], { id: '42' }),
]);

describe('xml-node', () => {
  it('follows the first match at each step of a path', () => {
    assert.equal(textAt(entry, 'uid'), '7101');
    assert.equal(textAt(entry, 'akaList/aka/lastName'), 'ONE');
    assert.equal(child(entry, 'akaList')?.children.length, 2);
  });

  it("answers '' for an absent element or attribute, and nothing for an absent node", () => {
    assert.equal(textAt(entry, 'akaList/missing/lastName'), '');
    assert.equal(textAt(undefined, 'uid'), '');
    assert.equal(attr(entry, 'id'), '');
    assert.deepEqual(children(undefined, 'aka'), []);
  });

  it('collects every match along a path, empty texts dropped', () => {
    assert.deepEqual(textsAt(entry, 'akaList/aka/lastName'), ['ONE', 'TWO']);
    assert.equal(children(entry, 'akaList').length, 2);
    assert.equal(attr(child(entry, 'uid') ?? entry, 'id'), '42');
  });
});
