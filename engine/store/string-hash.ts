// The string hash of the typed-array hash tables (IdIndex, IdentifierIndex).

/**
 * FNV-1a over UTF-16 code units, then a final mix so that keys differing only in their last characters (numbered
 * ids) spread over the table. `seed` separates key spaces sharing one table.
 */
export function hashString(s: string, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return mixed(h);
}

/**
 * The same hash of text held as UTF-8 bytes `start` to `end`, read without decoding it: for ASCII text, bytes and
 * UTF-16 code units are the same numbers. -1 when the text is not ASCII (its caller then hashes the decoded string).
 */
export function hashAsciiBytes(bytes: Uint8Array, start: number, end: number, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = start; i < end; i++) {
    const b = bytes[i] ?? 0;
    if (b >= 0x80) return -1;
    h = Math.imul(h ^ b, FNV_PRIME);
  }
  return mixed(h);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mixed(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
