// Turns published relationship roles and topics into the roles of a full entity record (CONTRACT.md §1).
import type { EdgeKind } from './records.js';

export const ROLE_NAMES = [
  'director',
  'officer',
  'psc',
  'shareholder',
  'controller',
  'parent',
  'intermediary',
  'sanctioned',
  'pep',
  'nominee',
  'formation-agent',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const bit = (r: RoleName): number => 1 << ROLE_NAMES.indexOf(r);

/** The role bit a relationship gives to its source (the party holding the role). */
export function roleBitOf(kind: EdgeKind, role: string): number {
  switch (kind) {
    case 'ownership':
      return bit(role === 'psc' ? 'psc' : 'shareholder');
    case 'control':
      return bit(role === 'psc' ? 'psc' : 'controller');
    case 'parent':
      return bit('parent');
    case 'directorship':
      if (role.includes('nominee')) return bit('director') | bit('nominee');
      return bit(role.includes('director') ? 'director' : 'officer');
    case 'intermediary':
      return bit('intermediary');
    default:
      return 0;
  }
}

export function topicBits(topics: readonly string[]): number {
  let bits = 0;
  for (const t of topics) {
    if (t === 'pep') bits |= bit('pep');
    else if (t === 'sanction') bits |= bit('sanctioned');
    else if (t === 'nominee') bits |= bit('nominee');
    else if (t === 'formation-agent') bits |= bit('formation-agent');
  }
  return bits;
}

export const SANCTIONED_BIT = bit('sanctioned');
export const PEP_BIT = bit('pep');

export function rolesFromBits(bits: number): string[] {
  const out: string[] = [];
  ROLE_NAMES.forEach((name, i) => {
    if (bits & (1 << i)) out.push(name);
  });
  return out;
}
