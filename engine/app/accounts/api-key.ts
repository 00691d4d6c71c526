// API key format: a secret the caller holds, a short public id the operator names it by, and the hash that is stored.
import { createHash, randomBytes } from 'node:crypto';

/**
 * `unsh_` and 32 random bytes in base64url. The prefix makes a leaked key easy to recognise (secret scanners,
 * logs); 256 bits make guessing hopeless, which is also why a plain SHA-256 (not a slow password hash) is enough
 * to store it: nothing short of the key itself hashes to the stored value.
 */
const KEY_PATTERN = /^unsh_[A-Za-z0-9_-]{43}$/;
const ID_PATTERN = /^key_[0-9a-f]{12}$/;

export const newApiKey = (): string => `unsh_${randomBytes(32).toString('base64url')}`;

/** The public id: random, so it tells nothing about the key; `keys revoke ID` needs only this. */
export const newKeyId = (): string => `key_${randomBytes(6).toString('hex')}`;

export const isWellFormedKey = (key: string): boolean => KEY_PATTERN.test(key);
export const isKeyId = (id: string): boolean => ID_PATTERN.test(id);

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header. */
export const bearerToken = (authorization: string): string | undefined => BEARER.exec(authorization)?.[1];
