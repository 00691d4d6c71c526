// The common words of company names said in the languages of the registries and lists, as their names are romanised:
// "Bank Melli" and "Banco Melli", "Severnaya Neft Trading" and "Northern Oil Trading", "Samsung Jeonja" and "Samsung
// Electronics". Only generic words (what a company does or is), never the words that tell one company from another.
// No maintained library translates these words; each group below is one meaning, its spellings folded to ASCII.
import { foldToAscii } from '../names/index.js';

const GROUPS: readonly string[] = [
  'bank banco banque banca bankasi bankasy banka ginko eunhaeng unhaeng yinhang',
  'trading trade commerce commercial handel handels comercio comercial commerciale torgovyi torgovaya torgovy ticaret tijarat tejarat tijari shoji sangsa muyeok maoyi dagang perdagangan',
  'shipping navigation navigazione navegacion schifffahrt sudokhodnaya sudokhodstvo denizcilik kaiun haeun haiyun kashtirani pelayaran',
  'oil petroleum petrol petroleo petrolio neft neftyanaya nefte naft sekiyu seogyu shiyou minyak',
  'gas gaz gazovaya gasu gaseu',
  'electronics electronic elektronik elektronika electronica electronique denshi jeonja conja dianzi',
  'construction construccion construcao bau stroi stroitelnaya insaat kensetsu geonseol konsol jianshe sakhtemani pembinaan',
  'insurance seguros assurance assicurazioni versicherung strakhovaya strakhovanie sigorta hoken boheom baoxian bimeh asuransi',
  'industries industry industrial industrie industria industrias industriya promyshlennaya promyshlennost sanayi sangyo sanup saneop gongye sanaye industri',
  'investment investments inversiones investissement investimenti investimentos investitsii investitsionnaya yatirim toshi tuja touzi sarmayeh sarmayegozari investasi',
  'group grupo groupe gruppe gruppa gruppo grup guruppu gurup geurup jituan',
  'holding holdings kholding holdinq holdingseu',
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
  'telecom telecommunications telecomunicaciones telecommunication telekom telekommunikatsii tsushin tongsin dianxin',
  'foundation stichting stiftung fundacion fondation fondazione fundacao fundacja nadace vakfi vakif bonyad yayasan',
  'organisation organization organizacion organizzazione organisatie organizacao organizatsiya',
  'company compania compagnie compagnia gesellschaft kompaniya sirketi kaisha hoesa gongsi sherkat syarikat',
];

/** Word → the group it is in; a word in two groups would make two meanings one, and refuses to load. */
const MEANING: ReadonlyMap<string, number> = (() => {
  const meaning = new Map<string, number>();
  GROUPS.forEach((group, at) => {
    for (const word of group.split(' ')) {
      if (meaning.has(word)) throw new Error(`generic word "${word}" is in two groups of translations`);
      meaning.set(word, at);
    }
  });
  return meaning;
})();

/** Whether two different folded words are one generic word in two languages (bank, banco; jeonja, electronics). */
export function isTranslatedGenericWord(a: string, b: string): boolean {
  const meaning = MEANING.get(a);
  return meaning !== undefined && meaning === MEANING.get(b);
}

/** Each meaning's English word: the first of its group. */
const ENGLISH: readonly string[] = GROUPS.map((group) => group.split(' ', 1)[0] ?? '');

/**
 * `text` read in Latin letters with the common words of company names said in English (현대자동차, hyeondae
 * jadongcha: hyeondae motor), or null when it has none: a query in another script is searched that way too.
 */
export function inEnglishWords(text: string): string | null {
  let said = false;
  const words = foldToAscii(text)
    .split(' ')
    .map((word) => {
      const meaning = MEANING.get(word);
      const english = meaning === undefined ? undefined : ENGLISH[meaning];
      if (english === undefined || english === word) return word;
      said = true;
      return english;
    });
  return said ? words.join(' ') : null;
}
