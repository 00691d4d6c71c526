// The numbers a name carries (No. 3, Fund II, 2000): two names that differ in them name two entities.

/** Roman numerals as numbering words: a trailing "II" or "IV" numbers a fund, a ship or a generation. */
const ROMAN: Readonly<Record<string, number>> = {
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
  xi: 11,
  xii: 12,
};

/** Words that may be a number: digits somewhere, or only the letters of roman numerals. */
const MAY_NUMBER = /\d|^[ivx]+$/;

/**
 * The numbers in a name's core words, as decimal strings in name order; a roman numeral counts after the first word,
 * except that in a person's name (`person`) a single letter is an initial (UKHNALEVA, Svetlana V.), while II or III
 * numbers a generation.
 */
export function namesNumbers(core: readonly string[], person = false): string[] {
  const out: string[] = [];
  core.forEach((word, at) => {
    if (!MAY_NUMBER.test(word)) return;
    const numbered = /^(?:no|nr)?(\d+)$/.exec(word);
    if (numbered !== null) out.push(String(Number(numbered[1])));
    else if (at > 0 && ROMAN[word] !== undefined && !(person && word.length === 1)) out.push(String(ROMAN[word]));
  });
  return out;
}

/** Words that announce the number after them (No. 3, Nr 7, Number 2): the number is the same without them. */
const NUMBER_SIGNS: ReadonlySet<string> = new Set(['no', 'nr', 'num', 'number', 'nomer', 'numero']);

/**
 * A name's core words with every number written one way: "No. 3", "NO.3" and "3" as `3`, and a roman numeral after
 * the first word as digits ("Ocean Star III" is "Ocean Star 3"). The same array when nothing changes. People's names
 * keep their letters: "V" there is an initial.
 */
export function numbersWrittenOneWay(core: string[], romanToo: boolean): string[] {
  if (!core.some((word) => MAY_NUMBER.test(word))) return core;
  const out: string[] = [];
  core.forEach((word, at) => {
    const numbered = /^(?:no|nr)?0*(\d+)$/.exec(word);
    if (numbered !== null) out.push(numbered[1] ?? word);
    else if (NUMBER_SIGNS.has(word) && /^(?:no|nr)?\d+$/.test(core[at + 1] ?? '')) return;
    else if (romanToo && at > 0 && ROMAN[word] !== undefined) out.push(String(ROMAN[word]));
    else out.push(word);
  });
  return out.length === core.length && out.every((word, at) => word === core[at]) ? core : out;
}

/** 'none' when neither name has a number, 'equal' when they carry the same ones, else 'one-side' or 'differ'. */
export function numbersAgree(a: readonly string[], b: readonly string[]): 'none' | 'equal' | 'one-side' | 'differ' {
  if (a.length === 0 && b.length === 0) return 'none';
  if (a.length === 0 || b.length === 0) return 'one-side';
  const sa = [...a].sort().join(' ');
  const sb = [...b].sort().join(' ');
  return sa === sb ? 'equal' : 'differ';
}
