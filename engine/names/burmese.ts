// Burmese names in Latin letters as they are spelled in passports, lists and registries (Aung San Suu Kyi, Min Aung
// Hlaing, Kanbawza), read syllable by syllable. No maintained library romanises the Myanmar script, and a
// letter-by-letter table cannot: a vowel sign may stand before its consonant (ေ), a final consonant is silenced by a
// mark after it (်), and a syllable's sound comes from the vowel and the final together (-ောင် is aung, -ိုင် aing).

const ASAT = '\u103a';
const VIRAMA = '\u1039';
/** Tone marks: the dot below and the visarga say how a syllable is pitched, not which letters it has. */
const TONES = new Set(['\u1037', '\u1038']);

/** Consonants as the first sound of a syllable, in the spellings names use (ခ Khin, ထ Htun, ဖ Phyo, သ Thein). */
const ONSETS: Readonly<Record<string, string>> = {
  က: 'k',
  ခ: 'kh',
  ဂ: 'g',
  ဃ: 'g',
  င: 'ng',
  စ: 's',
  ဆ: 's',
  ဇ: 'z',
  ဈ: 'z',
  ဉ: 'ny',
  ည: 'ny',
  ဋ: 't',
  ဌ: 'ht',
  ဍ: 'd',
  ဎ: 'd',
  ဏ: 'n',
  တ: 't',
  ထ: 'ht',
  ဒ: 'd',
  ဓ: 'd',
  န: 'n',
  ပ: 'p',
  ဖ: 'ph',
  ဗ: 'b',
  ဘ: 'b',
  မ: 'm',
  ယ: 'y',
  ရ: 'y',
  လ: 'l',
  ဝ: 'w',
  သ: 'th',
  ဟ: 'h',
  ဠ: 'l',
  အ: '',
  ဿ: 'th',
};

/** Vowels written as letters of their own: ဦး is the honorific U, ဥ the u of Ukkalapa. */
const INDEPENDENT_VOWELS: Readonly<Record<string, string>> = {
  ဣ: 'i',
  ဤ: 'i',
  ဥ: 'u',
  ဦ: 'u',
  ဧ: 'e',
  ဩ: 'aw',
  ဪ: 'aw',
};

const MEDIAL_Y = new Set(['\u103b', '\u103c']);
const MEDIAL_W = '\u103d';
const MEDIAL_H = '\u103e';

/** Onsets with a y medial (ျ or ြ) as names spell them: ကျော် Kyaw, ချစ် Chit, မြင့် Myint, ဖြိုး Phyo. */
const WITH_Y: Readonly<Record<string, string>> = { k: 'ky', kh: 'ch', g: 'gy', ph: 'phy', l: 'ly', y: 'y' };

/** Vowel signs, read together: the order in which Unicode stores them (ေ then ာ for ော). */
type Vowel = 'a' | 'aa' | 'i' | 'u' | 'e' | 'ai' | 'aw' | 'o';

function vowelOf(signs: string): Vowel {
  if (signs.includes('\u1031')) return signs.includes('\u102c') || signs.includes('\u102b') ? 'aw' : 'e';
  if (signs.includes('\u102d') && signs.includes('\u102f')) return 'o';
  if (signs.includes('\u102d') || signs.includes('\u102e')) return 'i';
  if (signs.includes('\u102f') || signs.includes('\u1030')) return 'u';
  if (signs.includes('\u1032')) return 'ai';
  if (signs.includes('\u102c') || signs.includes('\u102b')) return 'aa';
  return 'a';
}

/** A syllable's nasal final (င် န် မ် ဏ် ဉ် ံ) or stop final (က် တ် ပ် စ်), by the vowel it follows. */
const NASAL_RHYMES: Readonly<Record<Vowel, string>> = {
  a: 'an',
  aa: 'an',
  i: 'ein',
  u: 'on',
  e: 'ein',
  ai: 'an',
  aw: 'aung',
  o: 'aing',
};
const STOP_RHYMES: Readonly<Record<Vowel, string>> = {
  a: 'at',
  aa: 'at',
  i: 'eik',
  u: 'ok',
  e: 'eik',
  ai: 'at',
  aw: 'auk',
  o: 'aik',
};
const OPEN_RHYMES: Readonly<Record<Vowel, string>> = {
  a: 'a',
  aa: 'a',
  i: 'i',
  u: 'u',
  e: 'e',
  ai: 'e',
  aw: 'aw',
  o: 'o',
};

/** The sound of a syllable's vowel with its final consonant (the consonant under ်), or alone. */
function rhymeOf(vowel: Vowel, final: string, rounded: boolean): string {
  if (final === '') return rounded ? `w${OPEN_RHYMES[vowel]}` : OPEN_RHYMES[vowel];
  if (final === 'င' || final === 'ဉ') {
    // -င် is "in" (Min, Khin, Win) where -န် is "an" (San, Than).
    if (vowel === 'a' || vowel === 'aa') return rounded ? 'win' : 'in';
    return NASAL_RHYMES[vowel];
  }
  if (final === 'ည') return rounded ? 'we' : 'i';
  if (final === 'ယ') return rounded ? 'we' : 'e';
  if (final === 'န' || final === 'မ' || final === 'ဏ' || final === 'ံ')
    return rounded && (vowel === 'a' || vowel === 'aa') ? 'un' : NASAL_RHYMES[vowel];
  if (final === 'က') return vowel === 'a' || vowel === 'aa' ? (rounded ? 'wet' : 'et') : STOP_RHYMES[vowel];
  if (final === 'စ') return rounded ? 'wit' : 'it';
  if (final === 'တ' || final === 'ပ' || final === 'ဋ')
    return rounded && (vowel === 'a' || vowel === 'aa') ? 'ut' : STOP_RHYMES[vowel];
  // Finals of Pali loans (ဗိုလ် Bo, ဒေါ် Daw with ်): the vowel carries the syllable.
  return rounded ? `w${OPEN_RHYMES[vowel]}` : OPEN_RHYMES[vowel];
}

/** Whether the letter at `i` is silenced: a final, marked by ် after it (past a tone mark), or stacked under the next. */
function isFinal(text: string, i: number): boolean {
  let j = i + 1;
  while (j < text.length && TONES.has(text[j] ?? '')) j++;
  return text[j] === ASAT || text[j] === VIRAMA;
}

/** A run of Myanmar letters in Latin letters, a syllable per word: အောင်ဆန်းစုကြည် → aung san su kyi. */
export function romaniseBurmese(run: string): string {
  const syllables: string[] = [];
  let i = 0;
  while (i < run.length) {
    const ch = run[i] ?? '';
    const independent = INDEPENDENT_VOWELS[ch];
    const onset = ONSETS[ch];
    if (independent === undefined && onset === undefined) {
      // Myanmar digits are digits (၁၂ → 12); punctuation and stray signs break words.
      const digit = ch.charCodeAt(0) - 0x1040;
      if (digit >= 0 && digit <= 9) {
        const last = syllables.length - 1;
        if (/^\d+$/.test(syllables[last] ?? '')) syllables[last] += String(digit);
        else syllables.push(String(digit));
      } else if (syllables.length > 0 && syllables[syllables.length - 1] !== '') syllables.push('');
      i++;
      continue;
    }
    i++;
    if (independent !== undefined) {
      // ဦး: the vowel with its tone, and any final after it (ဥက္ကဋ္ဌ), which names spell with the vowel alone.
      while (i < run.length) {
        const c = run[i] ?? '';
        if (TONES.has(c) || c === ASAT || c === VIRAMA || (ONSETS[c] !== undefined && isFinal(run, i))) i++;
        else break;
      }
      syllables.push(independent);
      continue;
    }
    let start = onset ?? '';
    let rounded = false;
    let aspirated = false;
    let signs = '';
    let final = '';
    for (; i < run.length; i++) {
      const c = run[i] ?? '';
      if (MEDIAL_Y.has(c)) start = WITH_Y[start] ?? `${start}y`;
      else if (c === MEDIAL_W) rounded = true;
      else if (c === MEDIAL_H) aspirated = true;
      else if (c >= '\u102b' && c <= '\u1032') signs += c;
      else if (c === '\u1036') final = 'ံ';
      else if (TONES.has(c) || c === ASAT || c === VIRAMA) continue;
      else if (ONSETS[c] !== undefined && isFinal(run, i)) final = c;
      else break;
    }
    if (aspirated) start = start === 'y' || start === 'ly' ? 'sh' : `h${start}`;
    syllables.push(`${start}${rhymeOf(vowelOf(signs), final, rounded)}`);
  }
  return syllables.filter((s) => s !== '').join(' ');
}
