// One name's words with neighbours joined where another name writes them as one word (Green Wave, Greenwave;
// فیض اللهی, Feyzollahi): the same name, its word breaks in other places.

/**
 * `words` with each two neighbours joined that `joins` accepts, left to right, a word joined at most once; the
 * array itself when none are. `other`, the name whose word breaks are followed, is handed to `joins`, so that a
 * caller asking this of every pair of names scored needs no new closure each time.
 */
export function joinedNeighbours<Other = undefined>(
  words: readonly string[],
  joins: (word: string, next: string, other: Other) => boolean,
  other?: Other,
): readonly string[] {
  let joined: string[] | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    if (next !== undefined && joins(word, next, other as Other)) {
      joined ??= words.slice(0, i);
      joined.push(word + next);
      i++;
    } else joined?.push(word);
  }
  return joined ?? words;
}
