// Simple, independent text tools used to classify and filter pairs — never to make them. Nothing here comes from the
// matcher under test: NFKD folding, Unicode script regexes, character trigrams and an edit distance.

/** NFKD, combining marks removed, lower-cased: "Société" → "societe". */
export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Folded words: runs of letters or digits. */
export function words(s: string): string[] {
  return fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Folded letters and digits only, for comparisons that ignore spacing and punctuation. */
export function compact(s: string): string {
  return words(s).join('');
}

export function letterCount(s: string): number {
  return (s.match(/\p{L}/gu) ?? []).length;
}

/** Character trigrams of the folded name with single spaces between words and padding at both ends. */
export function trigrams(s: string): Set<string> {
  const t = ` ${words(s).join(' ')} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const g of small) if (large.has(g)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Levenshtein distance, with an early exit once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** 32-bit FNV-1a of the UTF-16 code units: a fixed hash for the split and for deterministic choices. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Code-unit order, so that sorting does not depend on the locale of the machine. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The same key for (a, b) and (b, a), after trimming. */
export function pairKey(a: string, b: string): string {
  const [x, y] = [a.trim(), b.trim()].sort(byCodeUnit);
  return `${x}\u0000${y}`;
}
