// Korean writes a company's name as one run of syllables, its brand and what it does together (삼성전자: 삼성 Samsung,
// 전자 Electronics; 대우조선해양: 대우, 조선, 해양), where its Latin form has words. The common words of company names
// are split off the end of a run, so that the brand and each of them are words of their own in every reading.

/**
 * The common words of Korean company names (what a company does or is), longest first so that 중공업 is taken before
 * 공업. No maintained library segments Korean names; Korean morphological analysers come with dictionaries of
 * hundreds of MB.
 */
const GENERIC_WORDS: readonly string[] = (
  '주식회사 유한회사 엔지니어링 중공업 자동차 홀딩스 서비스 에너지 전자 화학 조선 해양 물산 항공 은행 무역 건설 ' +
  '제철 철강 증권 보험 해운 상사 산업 공업 통신 전기 석유 화재 생명 기술 그룹 투자 개발 물류 국제 운송 광업 가스 ' +
  '회사 지주'
)
  .split(' ')
  .sort((a, b) => b.length - a.length);

/**
 * Words a name opens with that say Korea: North Korea's Chosŏn (조선광선은행, Korea Kwangson Banking Corp) and the
 * South's Hanguk (한국전력, Korea Electric Power). At the end of a run 조선 is shipbuilding (대우조선해양), split as such.
 */
const LEADING_WORDS: readonly string[] = ['조선', '한국'];

/** A brand left by a split keeps at least this many syllables: 조선 alone is a name, not a split one. */
const SHORTEST_REST = 2;

/**
 * The run's words: a word saying Korea split off its start, and its generic words off its end, one after another,
 * while a brand of two syllables stays.
 */
export function splitKoreanCompound(run: string): string[] {
  const head = LEADING_WORDS.find((w) => run.startsWith(w) && run.length - w.length >= SHORTEST_REST);
  const tail: string[] = [];
  let rest = head === undefined ? run : run.slice(head.length);
  // A run that is one of the words (주식회사, a legal form) is that word, not a brand and a word.
  while (!GENERIC_WORDS.includes(rest)) {
    const word = GENERIC_WORDS.find((w) => rest.endsWith(w) && rest.length - w.length >= SHORTEST_REST);
    if (word === undefined) break;
    tail.unshift(word);
    rest = rest.slice(0, -word.length);
  }
  return head === undefined ? [rest, ...tail] : [head, rest, ...tail];
}
