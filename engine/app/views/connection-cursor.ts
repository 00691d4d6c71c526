// The opaque cursor of a page of connections: the position of the last connection given, in the stable order.
import { invalidParameter } from '../../errors/service-error.js';

/** Where a page ended: connections where others hold a role in the entity come first ('in'), then by relationship. */
export interface ConnectionPosition {
  direction: 'in' | 'out';
  relationship: number;
}

const PREFIX = 'c1';

/** A position as a URL-safe token; its layout is not part of the interface, only that it round-trips. */
export function encodeCursor(p: ConnectionPosition): string {
  return Buffer.from(`${PREFIX}:${p.direction}:${p.relationship}`, 'utf8').toString('base64url');
}

/** The position a cursor names; `invalid_parameter` on `cursor` for anything this service did not hand out. */
export function decodeCursor(cursor: string): ConnectionPosition {
  const m = /^c1:(in|out):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const direction = m?.[1];
  const relationship = Number(m?.[2]);
  if ((direction !== 'in' && direction !== 'out') || !Number.isSafeInteger(relationship))
    throw invalidParameter('cursor', 'cursor is not a next_cursor this service returned');
  return { direction, relationship };
}

/** Orders positions as pages walk them: every 'in' before every 'out', then by relationship. */
export function comparePositions(a: ConnectionPosition, b: ConnectionPosition): number {
  return a.direction === b.direction ? a.relationship - b.relationship : a.direction === 'in' ? -1 : 1;
}
