// The string hash of the typed-array hash tables (IdIndex, IdentifierIndex).

/**
 * FNV-1a over UTF-16 code units, then a final mix so that keys differing only in their last characters (numbered
 * ids) spread over the table. `seed` separates key spaces sharing one table.
 */
export function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
