// One spelling of a legal form's words for the letters that romanisations of Cyrillic write differently: a form
// spelled out in Russian, Ukrainian or Belarusian reaches the lists in as many spellings as there are systems and
// clerks (obshchestvo, obschestvo, obshhestvo; ogranichennoy, ogranichennoi, ogranichennoj; aktsionernoe,
// akcionernoe; otvetstvennostyu, otvetstvennostju).

/**
 * A folded word of a legal form written one way for every romanisation of its letters: щ written shch (BGN/PCGN), sch
 * (German-based) or shh (GOST 7.79 B) is sh; х written kh is h; ц written ts or tz is c; й, ы and the iotated vowels'
 * y or j are i (ogranichennoy, ogranichennoj, ogranichennoi; yu, ju, iu); a doubled letter is written once
 * (ogranichennoi, ogranichenoi). Every name read asks it of the words at its ends.
 */
export function formSpelling(word: string): string {
  let known = SPELLINGS.get(word);
  if (known === undefined) {
    if (SPELLINGS.size >= SPELLINGS_LIMIT) SPELLINGS.clear();
    known = respelled(word);
    SPELLINGS.set(word, known);
  }
  return known;
}

/** Words respelled, kept: the words at names' ends recur (Company, Limited, Trading), and respelling one allocates. */
const SPELLINGS = new Map<string, string>();
const SPELLINGS_LIMIT = 100_000;

function respelled(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i] ?? '';
    let letter = c;
    if (c === 's' && word.startsWith('shch', i)) {
      letter = 'sh';
      i += 3;
    } else if (c === 's' && (word.startsWith('sch', i) || word.startsWith('shh', i))) {
      letter = 'sh';
      i += 2;
    } else if (c === 'k' && word[i + 1] === 'h') {
      letter = 'h';
      i++;
    } else if (c === 't' && (word[i + 1] === 's' || word[i + 1] === 'z')) {
      letter = 'c';
      i++;
    } else if (c === 'y' || c === 'j') letter = 'i';
    // A doubled letter once, also where a group just written ends as the next begins (ogranichennoi; yi).
    if (letter.length === 1 && out.endsWith(letter)) continue;
    out += letter;
  }
  return out;
}

/** A folded phrase of several words, each written one way (formSpelling). */
export const phraseSpelling = (words: readonly string[]): string => words.map(formSpelling).join(' ');
