// Passwords kept as salted scrypt hashes with their parameters beside them: checkable, never reversible.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's floor for scrypt: N = 2^17, r = 8, p = 1 (128 MiB and a few hundred milliseconds per hash). */
const COST = { log2N: 17, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;

export const MIN_PASSWORD_LENGTH = 10;
/** Long enough for any passphrase or password manager; short enough that hashing one is not a way to spend our CPU. */
export const MAX_PASSWORD_LENGTH = 256;

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number, bytes: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    // scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told.
    scrypt(password.normalize('NFC'), salt, bytes, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err === null ? resolve(key) : reject(err),
    ),
  );
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url: the cost travels with the hash, so it can rise later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST.log2N, COST.r, COST.p, HASH_BYTES);
  return `scrypt$${COST.log2N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` is the one `stored` was made from; false for anything that is not a stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = STORED.exec(stored);
  if (m === null) return false;
  const [log2N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (log2N < 10 || log2N > 20 || r < 1 || r > 16 || p < 1 || p > 4) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64url');
  const key = await derive(password, Buffer.from(m[4] ?? '', 'base64url'), log2N, r, p, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoy: Promise<string> | null = null;

/**
 * A hash to check a password against when no account has the address given, so that a sign-in with an unknown
 * address takes as long as one with a wrong password, and its timing does not say which addresses have accounts.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}
