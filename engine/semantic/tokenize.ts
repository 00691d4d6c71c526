// Splits free text into the lower-case word tokens the word vectors are keyed by, the same way for entities and queries.

const DIACRITICS = /[\u0300-\u036f]/g;
const SEPARATORS = /[^a-z0-9]+/;

/** Lower-case words without diacritics; numbers and single letters carry no meaning here and are dropped. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const t of text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase().split(SEPARATORS)) {
    if (t.length < 2 || /^\d+$/.test(t)) continue;
    out.push(t);
  }
  return out;
}
