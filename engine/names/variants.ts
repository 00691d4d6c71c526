// Folds the common romanisations of one name to a single spelling, so Mohammed meets Muhammad and Sergei meets Serhiy.
import { foldPatronymic } from './patronymics.js';

/**
 * Variant groups, canonical spelling first. Curated for the names that recur in sanctions and leak data (Arabic,
 * Persian, Russian, Ukrainian); spellings are already folded by transliterate.ts. A spelling may sit in one group
 * only: the module refuses to load otherwise. Western names are left alone on purpose (Jon is not John).
 */
const GROUPS: readonly (readonly string[])[] = [
  // Arabic and Persian given names and name parts.
  [
    'muhammad',
    'mohammed',
    'mohamed',
    'mohammad',
    'muhammed',
    'mohamad',
    'muhamed',
    'muhamad',
    'mohamud',
    'mohd',
    'muhd',
    'mhd',
    'mohamet',
    'mahomed',
    'muhammet',
    'mukhammad',
    'mukhammed',
    'magomed',
  ],
  ['ahmad', 'ahmed', 'akhmed', 'akhmad', 'ahmet'],
  ['mahmud', 'mahmoud', 'mahmood', 'makhmud'],
  ['abdul', 'abdel', 'abdal', 'abdol', 'abdoul', 'abdou'],
  ['abdullah', 'abdallah', 'abdulla', 'abdalla', 'abdollah', 'abdellah', 'abdoulaye'],
  [
    'husayn',
    'hussein',
    'husain',
    'hussain',
    'hussien',
    'husein',
    'houssein',
    'hossein',
    'hosein',
    'huseyn',
    'guseyn',
    'gusein',
  ],
  ['hasan', 'hassan', 'khasan', 'gasan'],
  ['usama', 'osama', 'oussama', 'ousama'],
  ['yusuf', 'yousef', 'youssef', 'yousuf', 'yusef', 'jusuf', 'yussuf', 'yousif'],
  ['ibrahim', 'ebrahim', 'ibraheem', 'ibragim'],
  ['ismail', 'ismael', 'esmail', 'ismayil', 'ismoil'],
  ['khalid', 'khaled', 'khalied'],
  ['umar', 'omar', 'omer'],
  ['hamid', 'hameed', 'hamed'],
  ['rahman', 'rehman', 'rakhman'],
  ['rashid', 'rasheed', 'rachid', 'rashed'],
  ['said', 'saeed', 'saied', 'saiid'],
  ['mustafa', 'mustapha', 'moustafa', 'mostafa', 'moustapha'],
  ['mahdi', 'mehdi'],
  ['ayman', 'aiman'],
  ['nasrallah', 'nasrullah'],
  ['abu', 'abou'],
  ['ladin', 'laden'],
  ['faisal', 'faysal', 'feisal', 'faycal'],
  ['jafar', 'jaafar', 'jafer', 'dzhafar'],
  ['yahya', 'yahia', 'yehia', 'yahye'],
  ['usman', 'osman', 'uthman', 'othman', 'usmon'],
  ['jamal', 'gamal', 'djamal', 'dzhamal'],
  ['nasir', 'nasser', 'naser', 'nassir'],
  ['yasir', 'yasser', 'yassir', 'yaser'],
  ['tariq', 'tarek', 'tarik', 'tareq'],
  ['walid', 'waleed', 'oualid'],
  ['majid', 'majeed', 'magid'],
  ['hafiz', 'hafez', 'hafeez'],
  ['bashar', 'bachar'],
  ['assad', 'asad'],
  ['muhsin', 'mohsen', 'mohsin'],
  ['reza', 'riza'],
  ['qasim', 'kasim', 'qassem', 'qasem', 'kassem', 'gasim', 'qassim'],
  ['sulaymani', 'soleimani', 'suleimani', 'sulaimani', 'soleymani'],
  ['sulayman', 'sulaiman', 'suleiman', 'suleyman', 'soliman', 'sulejman'],
  ['nur', 'noor', 'nour'],
  ['aziz', 'azeez'],
  ['karim', 'kareem', 'kerim'],
  ['salim', 'saleem', 'selim'],
  ['habib', 'habeeb'],
  ['jamil', 'jameel', 'gamil'],
  ['amin', 'ameen'],
  ['musa', 'moussa', 'mousa', 'moosa'],
  ['idris', 'idrees', 'edris'],
  ['muammar', 'moammar', 'moamar', 'muamar'],
  ['sayf', 'saif', 'seif'],
  ['shaykh', 'sheikh', 'shaikh', 'sheik'],
  ['qadhafi', 'gaddafi', 'kadhafi', 'qaddafi', 'gadhafi', 'kaddafi', 'qathafi', 'kadafi', 'gadafi', 'qadafi'],
  // Organisations and places named in sanctions programmes.
  ['qaida', 'qaeda', 'kaida', 'qaidah'],
  ['hizballah', 'hezbollah', 'hizbullah', 'hizbollah', 'hezbolla'],
  ['taliban', 'taleban'],
  ['jihad', 'jehad', 'djihad'],
  ['mujahidin', 'mujahideen', 'mujahedin', 'mojahedin', 'mujahedeen'],
  ['muslim', 'moslem'],
  ['quds', 'qods', 'kods'],
  ['tehran', 'teheran'],
  // Russian, Ukrainian and Belarusian given names (Belarusian as its national system and the lists write them).
  ['aleksandr', 'alexander', 'aleksander', 'oleksandr', 'alexandr', 'aleksandar', 'aliaksandr', 'alyaksandr'],
  [
    'evgeny',
    'yevgeny',
    'evgeniy',
    'yevgeniy',
    'evgenii',
    'yevgenii',
    'evgenij',
    'yevhen',
    'yevgen',
    'evgeni',
    'yauhen',
  ],
  ['sergey', 'sergei', 'serhiy', 'sergiy', 'serhii', 'sergii', 'sergej', 'serguei', 'siarhei', 'syarhey'],
  ['yury', 'yuri', 'yuriy', 'iurii', 'yurii', 'jurij', 'yurij', 'iuri'],
  ['dmitry', 'dmitri', 'dmitriy', 'dmytro', 'dmitrii', 'dmitrij', 'dzmitry', 'dzmitryi'],
  ['arkady', 'arkadiy', 'arkadii', 'arkadi', 'arkadij'],
  ['andrey', 'andrei', 'andriy', 'andrii', 'andrej'],
  ['alexey', 'aleksei', 'alexei', 'oleksiy', 'aleksey', 'oleksii', 'aleksej', 'alexej', 'aliaksei', 'alyaksey'],
  ['mikhail', 'michail', 'mykhailo', 'mihail', 'mikhailo', 'mikhaylo', 'mykhaylo'],
  ['nikolay', 'nikolai', 'mykola', 'nicolai', 'nikolaj', 'mikola', 'mikalai', 'mikalay'],
  ['viktor', 'victor', 'viktar'],
  ['vladimir', 'volodymyr', 'wladimir', 'vladimyr', 'uladzimir'],
  ['vyacheslav', 'viacheslav', 'vjaceslav', 'viatcheslav', 'viachaslau', 'vyachaslau'],
  ['vladislav', 'vladyslav', 'uladzislau', 'uladzislav'],
  ['stanislav', 'stanislau'],
  ['yaroslav', 'iaroslav', 'jaroslav', 'yaraslau', 'iaraslau'],
  ['gennady', 'gennadiy', 'gennadii', 'gennadi', 'hennadiy', 'hennadii', 'hienadz', 'henadz', 'genadz'],
  ['anatoly', 'anatoliy', 'anatolii', 'anatoli', 'anatolij', 'anatol'],
  ['vasily', 'vasiliy', 'vasilii', 'vasili', 'vasyl', 'vassily', 'wassily', 'vasil'],
  ['valery', 'valeriy', 'valerii', 'valeri'],
  ['grigory', 'grigoriy', 'grigorii', 'grigori', 'hryhoriy', 'hryhorii', 'ryhor'],
  ['yakov', 'iakov', 'jakov', 'yakiv', 'iakiv'],
  ['iosif', 'yosyp', 'iosyp', 'yosif', 'josif'],
  ['ilya', 'ilia', 'illia', 'ilja'],
  ['pyotr', 'petr', 'petro', 'piotr', 'piatro'],
  ['pavel', 'pavlo', 'paval'],
  ['stepan', 'stsiapan', 'stsyapan', 'stiapan'],
  ['roman', 'raman'],
  ['fyodor', 'fedor', 'feodor', 'fiodor', 'fedir', 'fiodar', 'fyodar'],
  ['oleg', 'oleh', 'aleh'],
  ['igor', 'ihor', 'ihar'],
  ['konstantin', 'kostiantyn', 'kostyantyn', 'constantin', 'kostyantin', 'kanstantsin'],
  ['timur', 'temur'],
  ['rustam', 'rustem'],
  ['yulia', 'yuliya', 'iuliia', 'yuliia'],
  ['natalia', 'natalya', 'nataliya', 'natalja', 'natallia'],
  ['tatiana', 'tatyana', 'tetiana', 'tetyana', 'tatjana', 'tatsiana'],
  ['olga', 'olha', 'volha'],
  ['elena', 'yelena', 'olena', 'jelena', 'alena'],
  ['ekaterina', 'yekaterina', 'kateryna', 'katerina'],
  ['irina', 'iryna'],
  ['anastasia', 'anastasiya', 'anastasiia'],
  ['evgenia', 'yevgenia', 'evgeniya', 'yevgeniya', 'yevheniia'],
  ['ksenia', 'kseniya', 'xenia'],
  ['nadezhda', 'nadiya', 'nadiia'],
  ['svetlana', 'svitlana', 'sviatlana'],
  ['valentin', 'valentyn', 'valiantsin'],
  ['valentina', 'valentyna', 'valiantsina'],
  ['maria', 'mariia', 'maryia', 'mariya'],
  ['leonid', 'leanid'],
  ['lyudmila', 'liudmyla', 'lyudmyla', 'ludmila', 'ljudmila', 'liudmila'],
  ['galina', 'halyna', 'galyna'],
  ['larisa', 'larysa'],
  ['lyubov', 'liubov', 'lubov'],
  ['timofey', 'tymofiy', 'tymofii', 'timofiy', 'timofei'],
  ['kirill', 'kyrylo', 'kirilo', 'kiryl'],
  ['maksim', 'maksym', 'maxim'],
  ['denis', 'denys'],
  ['vadim', 'vadym'],
  ['artem', 'artyom', 'artiom'],
  ['boris', 'borys', 'barys'],
  ['bogdan', 'bohdan'],
  ['vitaly', 'vitaliy', 'vitalii', 'vitali'],
  ['semyon', 'semen', 'semion', 'siamion'],
  ['matvey', 'matviy', 'matvii'],
  ['svyatoslav', 'sviatoslav'],
];

const CANONICAL: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const group of GROUPS) {
    const canonical = group[0];
    if (canonical === undefined) continue;
    for (const spelling of group) {
      const previous = map.get(spelling);
      if (previous !== undefined && previous !== canonical) {
        throw new Error(`variants: "${spelling}" is in the groups of both "${previous}" and "${canonical}"`);
      }
      map.set(spelling, canonical);
    }
  }
  return map;
})();

/** Number of curated variant groups (exported for tests and docs). */
export const VARIANT_GROUP_COUNT = GROUPS.length;

const isVowel = (code: number): boolean =>
  code === 97 || code === 101 || code === 105 || code === 111 || code === 117 || code === 121;

/**
 * Generic spelling rules, applied to tokens the table does not know. Each is a difference between romanisation
 * systems, not a difference between names, and each is restricted so that ordinary words stay as they are:
 * - final -iy/-ii/-yy after a consonant, and -kyi, → -y: the Russian/Ukrainian adjective ending -ий/-ый/-ій
 *   (Volkhonskiy, Volkhonskii, Zelenskyi, Zelenskyy → …sky). The consonant guard keeps Hawaii intact. Because
 *   index and query fold alike, a word folded by mistake (Fujii → fujy) still matches itself exactly.
 * - final -ski → -sky: the same ending in German/French/Polish-style spelling (Dostoevski, Dostoevsky).
 * - final -vitch → -vich: the French spelling of the patronymic ending (Abramovitch).
 * Deliberately not folded: ks/x, kh/h, ph/f, -off/-ov, -ei/-ey (Chinese Wei, Hubei): each merges distinct
 * names or ordinary words often enough to cost precision; fuzzy matching covers the one-letter cases.
 */
function applyRules(token: string): string {
  const n = token.length;
  if (n < 5) return token;
  const last = token.charCodeAt(n - 1);
  const prev = token.charCodeAt(n - 2);
  const beforePair = token.charCodeAt(n - 3);
  // i=105, y=121, k=107. Plain -yi is also a pinyin syllable (Xinyi), so it folds only in -kyi (Zelenskyi).
  const iyPair = (prev === 105 || prev === 121) && (last === 105 || last === 121);
  if (iyPair && !isVowel(beforePair) && (prev !== 121 || last !== 105 || beforePair === 107)) {
    return token.slice(0, n - 2) + 'y';
  }
  if (token.endsWith('ski')) return token.slice(0, n - 1) + 'y';
  if (n >= 7 && token.endsWith('vitch')) return token.slice(0, n - 5) + 'vich';
  return token;
}

const canonicalOf = (name: string): string | undefined => CANONICAL.get(name);

/**
 * Canonical spelling of one folded token: the curated table first, then the generic rules (and the table again),
 * then a patronymic written one way (Mykolaiovych is Nikolayevich).
 */
export function foldVariant(token: string): string {
  const canonical = CANONICAL.get(token);
  if (canonical !== undefined) return canonical;
  const ruled = applyRules(token);
  const known = ruled === token ? undefined : CANONICAL.get(ruled);
  if (known !== undefined) return known;
  return foldPatronymic(ruled, canonicalOf) ?? ruled;
}

/** Arabic article forms after `abd` ("servant of the"), including the sun-letter assimilations (abd ar-rahman). */
const ARTICLES: ReadonlySet<string> = new Set([
  'al',
  'el',
  'ul',
  'ol',
  'ar',
  'ad',
  'an',
  'as',
  'ash',
  'at',
  'az',
  'ur',
]);
/** Abd and the article written as one word, as Latin names write it before a name (Abdul Hakim, Abdel Aziz). */
export const ABDUL_PREFIXES: readonly string[] = ['abdoul', 'abdul', 'abdel', 'abdal', 'abdol'];

/**
 * The article and din ("of the faith") closing an Arabic compound name, as one word after the first name (Nour
 * Eddine, Salah Uddin, Nasr Aldine) or at the end of one (Noureddine, Salahuddin, Badreddin): a vowel, the article's
 * l or an assimilated d, then din. Not din alone (Ansar Dine), and not after o (Odin).
 */
const JOINED_DIN = /^(?:[aeiu]l|[aeiu]d|[aeiu])d(?:in|ine|een)$/;
const JOINED_DIN_END = /^([a-z]{2,}?)((?:[aeiu]l|[aeiu]d|[aeiu])d(?:in|ine|een))$/;
/** The article before din written apart (Salah al-Din, Salah ad-Din, Bashir-ud-Din, Imad al-Deen). */
const DIN_ARTICLES: ReadonlySet<string> = new Set(['al', 'el', 'ul', 'ad', 'ed', 'ud', 'u', 'e']);
const DIN: ReadonlySet<string> = new Set(['din', 'deen', 'dine']);
/** Whether a word is such an article: two letters at most, looked up only then (every word of every name is asked). */
const isDinArticle = (word: string): boolean => word.length <= 2 && DIN_ARTICLES.has(word);
/**
 * First names that open an al-Din compound, folded: a word ending like one (Geraldine, Claudine) is read so only
 * after one of them.
 */
const DIN_FIRST_NAMES: ReadonlySet<string> = new Set(
  (
    'nur nour noor salah salaah badr shams izz iz sharaf ala alaa nasr nasir nasser naser jamal djamal kamal zain ' +
    'zayn zein taj tadj saif sayf seif muhi mohi muhyi husam hussam hossam imad emad fakhr qutb kutb siraj seraj ' +
    'nizam rukn zia ziya muin moin mueen khair khayr kheir baha bahaa najm nazhm shihab shahab bashir jalal djalal ' +
    'safi qamar zahir ghiyas burhan sadr wali hisham hisam sharif aziz alim'
  ).split(' '),
);
/** Whether a word ends as din does (in, ine, een): asked first, since every word of every name folded is asked. */
function endsLikeDin(word: string): boolean {
  const last = word.charCodeAt(word.length - 1);
  // n, e
  return (last === 110 || last === 101) && (word.endsWith('in') || word.endsWith('ine') || word.endsWith('een'));
}

/** One spelling of an al-Din compound: its first name's fold and uddin (Salahuddin; Nuruddin for Nour Eddine). */
const dinCompound = (first: string): string => `${foldVariant(first)}uddin`;

/** The al-Din compound that opens at `tokens[i]`, in one word, and how many words it takes; null when none does. */
function dinCompoundAt(tokens: readonly string[], i: number): { word: string; words: number } | null {
  const token = tokens[i] ?? '';
  const next = tokens[i + 1] ?? '';
  if (token.length < 2 || isDinArticle(token)) return null;
  if (isDinArticle(next)) {
    if (DIN.has(tokens[i + 2] ?? '')) return { word: dinCompound(token), words: 3 };
  } else if (endsLikeDin(next)) {
    if (JOINED_DIN.test(next)) return { word: dinCompound(token), words: 2 };
    // Din without the article only after a first name of the compounds: Din Mohammad is a name of its own.
    if (DIN.has(next) && DIN_FIRST_NAMES.has(token)) return { word: dinCompound(token), words: 2 };
  }
  const first = endsLikeDin(token) ? JOINED_DIN_END.exec(token)?.[1] : undefined;
  return first !== undefined && DIN_FIRST_NAMES.has(first) ? { word: dinCompound(first), words: 1 } : null;
}

/**
 * Folds a token sequence. Beyond foldVariant per token, an al-Din compound written in three words, two or one
 * (Salah al-Din, Salah Eddine, Salaheddine) is one word (dinCompoundAt), and Arabic theophoric names are written as
 * one, two or three words (Abdulaziz, Abdul Aziz, Abd al-Aziz), so they are brought to the two-word form `abdul
 * aziz` first: `abd` + article merges, `abdul…` + a 3+ letter remainder splits (unless the whole word is a known
 * name, e.g. Abdullah), and `abd allah` becomes `abdullah`.
 */
export function foldVariants(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1];
    if (token === 'abd') {
      if (next !== undefined && ARTICLES.has(next)) {
        out.push('abdul');
        i++;
        continue;
      }
      if (next === 'allah') {
        out.push('abdullah');
        i++;
        continue;
      }
    }
    const din = dinCompoundAt(tokens, i);
    if (din !== null) {
      out.push(din.word);
      i += din.words - 1;
      continue;
    }
    if (token.length >= 8 && token.charCodeAt(0) === 97 && !CANONICAL.has(token)) {
      const prefix = ABDUL_PREFIXES.find((p) => token.startsWith(p) && token.length - p.length >= 3);
      if (prefix !== undefined) {
        out.push('abdul', foldVariant(token.slice(prefix.length)));
        continue;
      }
    }
    out.push(foldVariant(token));
  }
  return out;
}
