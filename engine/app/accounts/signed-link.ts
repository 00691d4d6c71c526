// The tokens of the links sent by mail (confirm an address, reset a password): signed, expiring, single-purpose.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'verify' | 'reset';

export interface LinkClaim {
  purpose: LinkPurpose;
  account: string;
  /**
   * What must still hold for the link to work: the address it confirms, or a digest of the password it replaces,
   * so that a reset link stops working once it has been used (or the password changed otherwise).
   */
  stamp: string;
  /** Epoch seconds. */
  expires: number;
}

/** Links are signed with a key of their own, derived from the service's token secret. */
const linkKey = (secret: Buffer): Buffer => createHmac('sha256', secret).update('unshell account links v1').digest();

const sign = (secret: Buffer, payload: string): Buffer =>
  createHmac('sha256', linkKey(secret)).update(payload).digest();

export function signLink(secret: Buffer, claim: LinkClaim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The claim of a token of this purpose that is genuine and not expired at `now`; null otherwise, whatever the reason. */
export function readLink(secret: Buffer, token: string, purpose: LinkPurpose, now: Date): LinkClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (payload === undefined || signature === undefined || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaim(claim) || claim.purpose !== purpose || claim.expires * 1000 <= now.getTime()) return null;
  return claim;
}

function isClaim(value: unknown): value is LinkClaim {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    (c['purpose'] === 'verify' || c['purpose'] === 'reset') &&
    typeof c['account'] === 'string' &&
    typeof c['stamp'] === 'string' &&
    typeof c['expires'] === 'number'
  );
}
