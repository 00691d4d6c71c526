// The common words of company names said in the languages of the registries and lists, as their names are romanised:
// "Bank Melli" and "Banco Melli", "Severnaya Neft Trading" and "Northern Oil Trading", "Samsung Jeonja" and "Samsung
// Electronics". Only generic words (what a company does or is), never the words that tell one company from another.
// No maintained library translates these words; each group below is one meaning, its spellings folded to ASCII.
import { foldToAscii, joinedNeighbours } from '../names/index.js';

const GROUPS: readonly string[] = [
  'bank banking banco banque banca bankasi bankasy banka ginko eunhaeng unhaeng yinhang',
  'trading trade commerce commercial handel handels comercio comercial commerciale torgovyi torgovaya torgovy ticaret tijarat tejarat tijari shoji sangsa muyeok maoyi dagang perdagangan',
  'shipping navigation navigazione navegacion schifffahrt sudokhodnaya sudokhodstvo denizcilik kaiun haeun haiyun hangyun chuanwu kashtirani pelayaran',
  'oil petroleum petrol petroleo petrolio neft neftyanaya nefte naft sekiyu seogyu shiyou minyak',
  'gas gaz gazovaya gasu gaseu',
  'electronics electronic elektronik elektronika electronica electronique denshi jeonja conja dianzi',
  'construction construccion construcao bau stroi stroitelnaya insaat kensetsu geonseol konsol jianshe sakhtemani pembinaan',
  'insurance seguros assurance assicurazioni versicherung strakhovaya strakhovanie sigorta hoken boheom baoxian bimeh asuransi',
  'industries industry industrial industrie industria industrias industriya promyshlennaya promyshlennost sanayi sangyo sanup saneop gongye shiye sanaye industri',
  'investment investments inversiones investissement investimenti investimentos investitsii investitsionnaya yatirim toshi tuja touzi sarmayeh sarmayegozari investasi',
  'group grupo groupe gruppe gruppa gruppo grup guruppu gurup geurup jituan',
  'holding holdings kholding holdinq holdingseu konggu',
  'development desarrollo developpement entwicklung razvitie razvitiya kalkinma kaihatsu gaebal fazhan tose pembangunan',
  'energy energia energie energiya enerji enerugi eneoji nengyuan energi',
  'chemical chemicals quimica chimie chimica chemie khimicheskaya khimiya kimya kagaku hwahak huagong',
  'steel acero acier acciaio stahl stal tekko cheolgang gangtie',
  'motor motors automobile automotive jidosha jadongcha catongcha qiche avtomobilnaya',
  'logistics logistica logistique logistik logistika lojistik butsuryu mulryu wuliu',
  'services servicios service servizi dienstleistungen uslugi hizmetleri saabisu seobiseu fuwu khadamat jasa',
  'international internacional internationale internazionale mezhdunarodnaya mezhdunarodnyi uluslararasi kokusai gukje guoji beynolmelal antarabangsa',
  'national nacional nationale nazionale natsionalnaya natsionalnyi milli kokumin gungmin guojia',
  'technology technologies technical tecnologia technologie tekhnologii tekhnologiya teknoloji gijutsu gisul jishu keji fanavari teknologi',
  'transport transportation transporte transports trasporti transportnaya tasimacilik unyu unsong yunshu haml pengangkutan',
  'mining mineria miniere mineraria bergbau gornaya gornodobyvayushchaya madencilik gwangeop kuangye maadan pertambangan',
  'airlines airline hanggong koku hangkong',
  'telecom telecommunications telecomunicaciones telecommunication telekom telekommunikatsii tsushin tongsin dianxin tongxin tongxun',
  'foundation stichting stiftung fundacion fondation fondazione fundacao fundacja nadace vakfi vakif bonyad yayasan',
  'organisation organization organizacion organizzazione organisatie organizacao organizatsiya',
  'peoples people narodny narodnyi narodnyy narodnaya narodnoe narodowy narodni narodna halk renmin rakyat',
  // Korea as the North (Chosŏn, 조선) and the South (Hanguk, 한국) say it: Korea Kwangson Banking Corp, 조선광선은행;
  // China as Chinese says it (中国, zhong guo): People's Bank of China, 中国人民银行.
  'korea korean joseon choson chosun hanguk hankuk',
  'china chinese zhongguo',
  'company compania compagnie compagnia gesellschaft kompaniya sirketi kaisha hoesa gongsi sherkat syarikat',
  'exchange sarafi sarrafi sarafan',
  'aviation aviacion aviazione aviatsionnaya havapeymayi',
  'research tahqiqat issledovatelskii issledovatelskaya',
  'central centralny tsentralnyi tsentralnaya tsentralnyy markazi',
  // The ranks before the name of the person a ship is named after, as Russian and Turkish write them (Kapitan
  // Kostichev, Captain Kostichev; Akademik Gubkin, Academician Gubkin).
  'captain kapitan kaptan',
  'academician akademik',
];

/**
 * The same words as the Arabic script writes them in Arabic, Persian and Urdu names (صناعات, صنایع: industries;
 * للصرافة: of exchange), by the English word of their group: a name in that script against its Latin form. Read as
 * the names reader reads that script, without short vowels (صناعات, snt), each also with the article or a preposition
 * and the article joined in front, as the script writes them (الصناعات, للتجارة, والتجارة).
 */
const ARABIC_SCRIPT: Readonly<Record<string, string>> = {
  bank: 'بنك بانک مصرف',
  trading: 'تجارة تجارية تجاري تجارت بازرگانی',
  shipping: 'شحن ملاحة کشتیرانی',
  oil: 'نفط نفت بترول',
  gas: 'غاز گاز',
  construction: 'مقاولات ساختمانی',
  insurance: 'تأمين بیمه',
  industries: 'صناعات صناعية صناعي صنایع صنعتی',
  investment: 'استثمار استثمارات',
  group: 'مجموعة گروه گروپ',
  holding: 'القابضة هلدینگ',
  development: 'تنمية توسعه',
  energy: 'طاقة انرژی',
  chemical: 'كيماويات كيميائية شیمیایی',
  steel: 'حديد فولاد',
  services: 'خدمات',
  international: 'دولية الدولية',
  national: 'وطنية ملی',
  technology: 'تكنولوجيا تقنية فناوری',
  mining: 'تعدين معدنی',
  telecom: 'اتصالات مخابرات',
  foundation: 'مؤسسة مؤسسه بنیاد',
  organisation: 'منظمة سازمان',
  company: 'شركة شرکت کمپنی',
  exchange: 'صرافة صرافی',
  aviation: 'طيران هوایی هواپیمایی',
  research: 'بحوث أبحاث تحقیقات',
  central: 'مركزي مرکزی',
};

/** What the Arabic script joins in front of a word: the article, and a preposition or "and" with the article. */
const JOINED_IN_FRONT: readonly string[] = ['', 'ال', 'لل', 'وال', 'بال'];

/** Word → the group it is in; a word in two groups would make two meanings one, and refuses to load. */
const MEANING: ReadonlyMap<string, number> = (() => {
  const meaning = new Map<string, number>();
  const add = (word: string, at: number): void => {
    if (meaning.has(word)) throw new Error(`generic word "${word}" is in two groups of translations`);
    meaning.set(word, at);
  };
  GROUPS.forEach((group, at) => {
    for (const word of group.split(' ')) add(word, at);
  });
  for (const [english, words] of Object.entries(ARABIC_SCRIPT)) {
    const at = meaning.get(english);
    if (at === undefined) throw new Error(`"${english}" names no group of translations`);
    // Each reading once: two spellings of the script may read alike (نفط, نفت: nft), and "ال" + القابضة is no word.
    const readings = new Set(
      words.split(' ').flatMap((word) => JOINED_IN_FRONT.map((front) => foldToAscii(front + word))),
    );
    for (const reading of readings) add(reading, at);
  }
  return meaning;
})();

/** Whether two different folded words are one generic word in two languages (bank, banco; jeonja, electronics). */
export function isTranslatedGenericWord(a: string, b: string): boolean {
  const meaning = MEANING.get(a);
  return meaning !== undefined && meaning === MEANING.get(b);
}

/** Every beginning of a generic word (j, ji, jis, jish for jishu): most words begin none, and need no joining. */
const BEGINNINGS: ReadonlySet<string> = new Set(
  [...MEANING.keys()].flatMap((word) => Array.from({ length: word.length - 1 }, (_, k) => word.slice(0, k + 1))),
);

/**
 * Whether `word` and `next` make a generic word that one of `others` says in another language: a word read from
 * Chinese as two syllables (技术, ji shu: jishu, technologies). Asked of every two neighbours of names compared, so a
 * word that begins no generic word is answered at once.
 */
export function joinedTranslatedInto(word: string, next: string, others: readonly string[]): boolean {
  if (!BEGINNINGS.has(word)) return false;
  const joined = word + next;
  const meaning = MEANING.get(joined);
  return meaning !== undefined && others.some((other) => other !== joined && MEANING.get(other) === meaning);
}

/** Each meaning's English word: the first of its group. */
const ENGLISH: readonly string[] = GROUPS.map((group) => group.split(' ', 1)[0] ?? '');

/** `word` said in English when it is a common word of company names (msrf, مصرف: bank; banco: bank), else itself. */
export function saidInEnglish(word: string): string {
  const meaning = MEANING.get(word);
  return meaning === undefined ? word : (ENGLISH[meaning] ?? word);
}

/**
 * `text` read in Latin letters with the common words of company names said in English (현대자동차, hyeondae
 * jadongcha: hyeondae motor; 华为技术, hua wei ji shu: hua wei technology, two syllables that make one such word
 * joined, and the syllables between them joined into one word), or null when it has none: a query in another
 * script is searched that way too.
 */
export function inEnglishWords(text: string): string | null {
  const read = foldToAscii(text).split(' ');
  const joined = joinedNeighbours(read, (word, next) => !MEANING.has(word) && MEANING.has(word + next));
  let said = joined !== read;
  const words = joined.map((word) => {
    const meaning = MEANING.get(word);
    const english = meaning === undefined ? undefined : ENGLISH[meaning];
    if (english === undefined || english === word) return word;
    said = true;
    return english;
  });
  if (!said) return null;
  // Chinese is read a syllable per word; the syllables between its common words are the brand, which a Latin name
  // writes as one word (hua wei technology: Huawei Technology).
  return HAN.test(text) ? brandsJoined(words).join(' ') : words.join(' ');
}

const HAN = /\p{Script=Han}/u;

/** Each run of words that are no common word of company names, joined into one. */
function brandsJoined(words: readonly string[]): string[] {
  const out: string[] = [];
  let brand = '';
  for (const word of words) {
    if (MEANING.has(word)) {
      if (brand !== '') out.push(brand);
      brand = '';
      out.push(word);
    } else brand += word;
  }
  if (brand !== '') out.push(brand);
  return out;
}
