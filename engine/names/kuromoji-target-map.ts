// kuromoji's index from a dictionary word to its entries, kept in two typed arrays. kuromoji itself builds it from
// tid_map.dat as an object of 330,000 small arrays, about 75 MB of the JavaScript heap that every full collection of
// a process that has once read a Japanese name walks again; as typed arrays it is 3 MB the collector never walks.

/** What kuromoji's lattice builder reads: `map[id]`, the entries (their positions in tid.dat) of dictionary word `id`. */
export type TargetMap = Readonly<Record<number, ArrayLike<number> | undefined>>;

/** Bytes of the number of words that opens the file, and of one record's word and count. */
const HEADER = 4;
const RECORD_HEAD = 8;

/** Word w's entries are entries[start[w]] up to entries[start[w + 1]], in the order the file gives them. */
interface WordEntries {
  start: Int32Array;
  entries: Int32Array;
}

/**
 * The map of a tid_map.dat file: after the number of words, records of a word, a count and that many entries, each a
 * little-endian int32; a word's records add up. The file is padded with zeros (records of no entries) to a round size.
 */
export function compactTargetMap(bytes: Uint8Array): TargetMap {
  // Read apart, so that the map keeps the typed arrays and not the file.
  const { start, entries } = wordEntries(bytes);
  const entriesOf = (word: number): Int32Array | undefined => {
    if (!Number.isInteger(word) || word < 0 || word + 1 >= start.length) return undefined;
    const [from, to] = [start[word] ?? 0, start[word + 1] ?? 0];
    return from === to ? undefined : entries.subarray(from, to);
  };
  return new Proxy<TargetMap>(
    {},
    { get: (_map, key) => (typeof key === 'string' ? entriesOf(Number(key)) : undefined) },
  );
}

function wordEntries(bytes: Uint8Array): WordEntries {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records = (visit: (word: number, at: number, count: number) => void): void => {
    for (let at = HEADER; at + RECORD_HEAD <= bytes.byteLength;) {
      const word = view.getInt32(at, true);
      const count = view.getInt32(at + 4, true);
      const end = at + RECORD_HEAD + 4 * count;
      if (word < 0 || count < 0 || end > bytes.byteLength)
        throw new Error(`kuromoji tid_map.dat: a record at byte ${at} runs past the file's ${bytes.byteLength} bytes`);
      visit(word, at + RECORD_HEAD, count);
      at = end;
    }
  };
  let lastWord = -1;
  records((word) => {
    if (word > lastWord) lastWord = word;
  });
  const start = new Int32Array(lastWord + 2);
  records((word, _at, count) => {
    start[word + 1] = (start[word + 1] ?? 0) + count;
  });
  for (let w = 1; w < start.length; w++) start[w] = (start[w] ?? 0) + (start[w - 1] ?? 0);
  const entries = new Int32Array(start[start.length - 1] ?? 0);
  const filled = start.slice(0, -1);
  records((word, at, count) => {
    for (let k = 0; k < count; k++) {
      const to = filled[word] ?? 0;
      entries[to] = view.getInt32(at + 4 * k, true);
      filled[word] = to + 1;
    }
  });
  return { start, entries };
}
