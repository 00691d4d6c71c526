// How much a word says about which entity a name means: "Abniroo" much, "Company" or "Iran" little.

/** A word's weight in a comparison, 0..1: 1 for a word no other name shares, less the more names carry it. */
export interface WordRarity {
  weight(word: string): number;
}

/** Every word counts fully: the scorer's reading when it knows no corpus. */
export const EVERY_WORD_COUNTS: WordRarity = { weight: () => 1 };

/** The least weight a word keeps: even "al" or "company" says a little. */
const FLOOR = 0.1;

/** The weight of a word that `names` of `total` names carry: ln(total / names) / ln(total), at least FLOOR. */
export function rarityWeight(names: number, total: number): number {
  if (total < 2 || names <= 0) return 1;
  return Math.max(FLOOR, Math.log(total / names) / Math.log(total));
}

/**
 * Rarity from a corpus's names: the inverse document frequency of each word, ln(N / names with the word), scaled by
 * ln(N) so that a word of one name weighs 1. Words the corpus never saw weigh 1.
 */
export class CorpusWordRarity implements WordRarity {
  readonly #names: Map<string, number>;
  readonly #total: number;

  constructor(namesWithWord: Map<string, number>, totalNames: number) {
    this.#names = namesWithWord;
    this.#total = totalNames;
  }

  /** Counts, for each word, how many of `names` (each a list of words) carry it. */
  static fromNames(names: Iterable<readonly string[]>): CorpusWordRarity {
    const counts = new Map<string, number>();
    let total = 0;
    for (const words of names) {
      total++;
      for (const word of new Set(words)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return new CorpusWordRarity(counts, total);
  }

  weight(word: string): number {
    const n = this.#names.get(word);
    return n === undefined ? 1 : rarityWeight(n, this.#total);
  }
}
