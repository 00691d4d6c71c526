// A Slavic patronymic written one way: the father's name canonical, the ending of one system.
//
// Russian, Ukrainian and Belarusian lists spell one patronymic several ways: Nikolayevich, Nikolaevich, Mykolaiovych
// (as Ukraine romanises it), Mikolayovich (Ukrainian Cyrillic read letter by letter), Mikalaevich. The father's name
// is the variant table's (Mykola is Nikolay), so the patronymic is the father's canonical name and one ending per
// gender: -ovich for a son, -ovna for a daughter. A stem the table does not know keeps its letters, and only the
// ending is made one (Ivanovych is Ivanovich): these are systems, not names.

/** Endings of sons' and daughters' patronymics as romanised, longest first so that -ievich is not read as -evich. */
const SON = [
  'jevitj',
  'yevich',
  'ievich',
  'iyovich',
  'iiovych',
  'yovych',
  'ovich',
  'evich',
  'ovych',
  'evych',
  'avich',
  'ovitj',
  'evitj',
  'avitj',
  // Czech and Serbo-Croatian spelling with its háček folded (Vjačeslavovič, Nikolajevič).
  'jevic',
  'ovic',
  'evic',
];
const DAUGHTER = ['jevna', 'yevna', 'ievna', 'yivna', 'iivna', 'ovna', 'evna', 'ivna', 'auna', 'ouna'];
const SON_ENDING = 'ovich';
const DAUGHTER_ENDING = 'ovna';

/** A patronymic's stem must leave a name: Lovich and Bovna are no father's names. */
const MIN_STEM = 3;

/**
 * How a father's name ends before the patronymic's ending: Nikolay → Nikola-evich, Mykola → Mykolai-ovych,
 * Petro → Petr-ovych, Sergey → Serge-evich, Hryhoriy → Hryhor-ovych. Tried in order against the variant table.
 */
function fatherNames(stem: string): string[] {
  const out = [stem, `${stem}y`, `${stem}i`, `${stem}o`, `${stem}a`, `${stem}iy`, `${stem}ii`];
  const last = stem.at(-1);
  if (last === 'y' || last === 'i') {
    const bare = stem.slice(0, -1);
    out.push(bare, `${bare}y`, `${bare}iy`, `${bare}ii`);
  }
  return out;
}

function endingOf(token: string, endings: readonly string[]): string | undefined {
  return endings.find((ending) => token.length - ending.length >= MIN_STEM && token.endsWith(ending));
}

/**
 * The patronymic `token` written one way, or undefined when it is no patronymic. `canonical` is the variant table's
 * lookup of a given name's canonical spelling.
 */
export function foldPatronymic(token: string, canonical: (name: string) => string | undefined): string | undefined {
  // Every ending above ends in h, j, c or a: most words are turned away by their last letter.
  const last = token.charCodeAt(token.length - 1);
  if (last !== 104 && last !== 106 && last !== 99 && last !== 97) return undefined;
  const son = endingOf(token, SON);
  const ending = son ?? endingOf(token, DAUGHTER);
  if (ending === undefined) return undefined;
  const stem = token.slice(0, token.length - ending.length);
  const father = fatherNames(stem)
    .map(canonical)
    .find((name) => name !== undefined);
  // The canonical father's name ends as names do (Nikolay, Yury); the patronymic's stem drops that ending.
  const base = father === undefined ? stem : father.replace(/[yi]$/u, '');
  return `${base}${son === undefined ? DAUGHTER_ENDING : SON_ENDING}`;
}
