// OFAC Enhanced XML relationship types → relationship kinds, and which end holds the role.
import type { EdgeKind } from '../../../engine/model/records.js';

export interface EdgeRule {
  kind: EdgeKind;
  /** The record format puts the holder of the role in `source` (the owner, the leader): for "Owned or Controlled
   * By" that is the related entity, so the edge is reversed. */
  reverse: boolean;
}

// Published type names vary in wording across releases ("Leader Of", "Leader or official of"), so they are matched
// by their leading words. Anything unknown is kept as an association under its published name.
const RULES: [RegExp, EdgeRule][] = [
  [/^owned or controlled by/i, { kind: 'control', reverse: true }],
  [/^property in the interest of/i, { kind: 'control', reverse: true }],
  [/^subsidiary of/i, { kind: 'ownership', reverse: true }],
  [/^(leader|official|principal executive officer|executive)/i, { kind: 'directorship', reverse: false }],
  [
    /(family|relative|spouse|wife|husband|son of|daughter of|child of|parent of|brother|sister|sibling)/i,
    { kind: 'family', reverse: false },
  ],
];

export function edgeRule(type: string): EdgeRule {
  for (const [re, rule] of RULES) if (re.test(type)) return rule;
  return { kind: 'association', reverse: false };
}
