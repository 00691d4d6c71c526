// Access tokens: an HMAC-SHA256-signed payload naming the cluster, tier, expiry and grant it unlocks.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { REPORT_TIERS, type ReportTier } from './price-list.js';
import { ServiceError } from '../../errors/service-error.js';

/** What a token carries; short keys keep the token short. */
const PayloadSchema = z.object({
  v: z.literal(1),
  /** canonical id of the cluster it unlocks */
  c: z.string().min(1),
  t: z.enum(REPORT_TIERS),
  /** expiry, seconds since the epoch */
  e: z.number().int().positive(),
  /** grant id */
  g: z.string().min(1),
});

export interface TokenClaims {
  clusterId: string;
  tier: ReportTier;
  expiresAt: Date;
  grantId: string;
}

const sign = (secret: Buffer, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();

/** `<base64url(payload JSON)>.<base64url(HMAC-SHA256 of the first part)>`: the same claims give the same token. */
export function signToken(secret: Buffer, claims: TokenClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      v: 1,
      c: claims.clusterId,
      t: claims.tier,
      e: Math.floor(claims.expiresAt.getTime() / 1000),
      g: claims.grantId,
    }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

const invalid = (why: string): ServiceError =>
  new ServiceError('invalid_access_token', `access_token ${why}`, 'access_token');

/** The claims of a token this server signed and that is still valid at `now`; anything else is `invalid_access_token`. */
export function verifyToken(secret: Buffer, token: string, now: Date): TokenClaims {
  const parts = token.split('.');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '')
    throw invalid('is not a token issued by this server (expected <payload>.<signature>)');
  const [payload, signature] = parts as [string, string];
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  // Compared in constant time, so the signature cannot be guessed byte by byte from response times.
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw invalid('has a signature that does not match: it was altered or not issued by this server');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid('has an unreadable payload');
  }
  const parsed = PayloadSchema.safeParse(json);
  if (!parsed.success) throw invalid('has an unreadable payload');
  const claims = {
    clusterId: parsed.data.c,
    tier: parsed.data.t,
    expiresAt: new Date(parsed.data.e * 1000),
    grantId: parsed.data.g,
  };
  if (claims.expiresAt.getTime() <= now.getTime())
    throw invalid(`expired at ${claims.expiresAt.toISOString()}; buy the report again to renew access`);
  return claims;
}
