// One name's words with neighbours joined where another name writes them as one word (Green Wave, Greenwave;
// فیض اللهی, Feyzollahi): the same name, its word breaks in other places.

/**
 * `words` with each two neighbours joined that `joins` accepts, left to right, a word joined at most once; the
 * array itself when none are.
 */
export function joinedNeighbours(
  words: readonly string[],
  joins: (word: string, next: string) => boolean,
): readonly string[] {
  let joined: string[] | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    if (next !== undefined && joins(word, next)) {
      joined ??= words.slice(0, i);
      joined.push(word + next);
      i++;
    } else joined?.push(word);
  }
  return joined ?? words;
}
