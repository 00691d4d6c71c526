// The shape of the name material and the one helper that turns a comma-separated literal into a word list.

/** Given names by sex and surnames of one naming culture, in their usual romanisation. */
export interface NameCulture {
  readonly male: readonly string[];
  readonly female: readonly string[];
  /** Masculine (or invariant) forms; `feminineSurname` derives the feminine form where the language has one. */
  readonly surnames: readonly string[];
}

/** Comma-separated words, so multi-word entries ("De Luca", "Le Gall") stay whole. */
export function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}
