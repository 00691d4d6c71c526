// The one match scorer: identifiers decide or veto, names compare across scripts, numbers and legal forms tell
// siblings apart, and every score says why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MATCH_SCORE_THRESHOLD, scoreMatch, type SubjectKind } from '../../../engine/resolution/match-scorer.js';
import { CorpusWordRarity } from '../../../engine/resolution/word-rarity.js';
import { normaliseName } from '../../../engine/names/index.js';

/** A score well above what unrelated names reach, and one below which a caller's usual threshold answers nothing. */
const STRONG = 0.85;
const WEAK = 0.8;

const score = (a: string, b: string, kind: SubjectKind = 'any'): number =>
  scoreMatch({ kind, names: [a] }, { kind, names: [b] }).score;

/** Scores two people's names with a corpus's word rarities, as `resolve` does. */
const personScorer =
  (rarity: CorpusWordRarity) =>
  (a: string, b: string): number =>
    scoreMatch({ kind: 'person', names: [a] }, { kind: 'person', names: [b] }, rarity).score;

/** Asserts that each pair of company names scores as one company (`same`) or as two. */
function assertCompanies(expected: 'same' | 'different', pairs: ReadonlyArray<readonly [string, string]>): void {
  for (const [a, b] of pairs) {
    const scored = score(a, b, 'company');
    assert.ok(
      expected === 'same' ? scored >= MATCH_SCORE_THRESHOLD : scored < MATCH_SCORE_THRESHOLD,
      `${a} / ${b}: ${scored}`,
    );
  }
}

describe('scoreMatch', () => {
  it('takes a shared identifier as certain and two of one scheme that differ as a veto', () => {
    const same = scoreMatch(
      { kind: 'company', names: ['Acme'], identifiers: ['lei:5493001KJTIIGC8Y1R12'] },
      { kind: 'company', names: ['Totally Other'], identifiers: ['lei:5493001KJTIIGC8Y1R12'] },
    );
    assert.equal(same.score, 1);
    assert.equal(same.explanations['identifier']?.score, 1);
    const vetoed = scoreMatch(
      { kind: 'vessel', names: ['Ocean Star'], identifiers: ['imo:9123456'] },
      { kind: 'vessel', names: ['Ocean Star'], identifiers: ['imo:9876543'] },
    );
    assert.equal(vetoed.score, 0);
    assert.match(vetoed.explanations['identifier']?.detail ?? '', /imo:9123456 is not imo:9876543/);
  });

  it('explains every score by feature, each with a score in 0..1 and a detail', () => {
    const { explanations } = scoreMatch(
      { kind: 'company', names: ['Acme GmbH'] },
      { kind: 'company', names: ['Acme Sdn Bhd'] },
    );
    assert.ok(Object.keys(explanations).length >= 2);
    for (const [feature, { score: s, detail }] of Object.entries(explanations)) {
      assert.ok(s >= 0 && s <= 1, feature);
      assert.ok(detail.length > 0, feature);
    }
    assert.equal(explanations['legal_form']?.score, 0);
  });

  it('matches names across scripts through their romanisation, their sound or their consonants', () => {
    for (const [native, latin] of [
      ['Владимир Путин', 'Vladimir Putin'],
      ['习近平', 'Xi Jinping'],
      ['김정은', 'Kim Jong Un'],
      ['محمد علي', 'Mohamed Ali'],
      ['משה', 'Moshe'],
      ['Νικόλαος', 'Nikolaos'],
      ['საქართველო', 'Sakartvelo'],
      ['Հայաստան', 'Hayastan'],
    ] as const) {
      assert.ok(score(native, latin, 'person') >= STRONG, `${native} / ${latin}: ${score(native, latin)}`);
      assert.ok(score(latin, native, 'person') >= STRONG, `${latin} / ${native}`);
    }
  });

  it("takes a person's Ukrainian names and patronymic as the Russian ones they are, in either script", () => {
    for (const [ukrainian, russian] of [
      ['ГОРБОЛЬ Микола Юрійович', 'ГОРБОЛЬ Николай Юрьевич'],
      ['БОБКОВА Олена Миколаївна', 'BOBKOVA Elena Nikolaevna'],
      ['HORBOL Mykola Yuriiovych', 'GORBOL Nikolay Yuryevich'],
    ] as const) {
      const s = score(ukrainian, russian, 'person');
      assert.ok(s >= MATCH_SCORE_THRESHOLD, `${ukrainian} / ${russian}: ${s}`);
    }
    // A daughter's patronymic is not a son's, and another father is another patronymic.
    assert.ok(score('BOBKOVA Elena Nikolaevna', 'BOBKOVA Elena Sergeevna', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it('reads Korean in both romanisations: Revised for the South, McCune–Reischauer for the North and the lists', () => {
    for (const [native, latin] of [
      ['김정은', 'Kim Jong Un'],
      ['최룡해', 'Choe Ryong Hae'],
      ['장성택', 'Jang Song Thaek'],
      ['장성택', 'Chang Song-taek'],
      ['삼성', 'Samsung'],
    ] as const) {
      const m = scoreMatch({ kind: 'person', names: [native] }, { kind: 'person', names: [latin] });
      assert.ok(m.score >= MATCH_SCORE_THRESHOLD, `${native} / ${latin}: ${JSON.stringify(m)}`);
    }
    const kim = scoreMatch({ kind: 'person', names: ['김정은'] }, { kind: 'person', names: ['Kim Jong Un'] });
    assert.match(kim.explanations['annotation']?.detail ?? '', /as another romanisation reads it/);
  });

  it('reads a Korean company name as its brand and its common words, each translated like the others', () => {
    assertCompanies('same', [
      ['삼성전자', 'Samsung Electronics'],
      ['현대자동차', 'Hyundai Motor Company'],
      ['삼성전자', 'Samsung Jeonja'],
      // Its form written in Hangul is one word, and Co., Ltd. is how a Korean stock company writes itself in English.
      ['삼성전자 주식회사', 'Samsung Electronics Co., Ltd.'],
      // North Korea's Chosŏn is Korea in English, and its banks' names say Banking.
      ['조선광선은행', 'Korea Kwangson Banking Corp'],
    ]);
    assertCompanies('different', [
      ['삼성전자', 'Hyundai Electronics'],
      ['현대자동차', 'Hyundai Heavy Industries'],
      ['조선광선은행', 'Korea Daesong Bank'],
    ]);
  });

  it('reads a Chinese company name syllable by syllable, its common words joined where the other says them in English', () => {
    assertCompanies('same', [
      ['华为技术有限公司', 'Huawei Technologies Co., Ltd.'],
      ['华为投资控股有限公司', 'Huawei Investment & Holding Co., Ltd.'],
      ['宏达贸易有限公司', 'Hongda Trading Co., Ltd.'],
      ['宏达贸易有限公司', 'Hongda Maoyi Youxian Gongsi'],
      ['大连海运集团', 'Dalian Shipping Group'],
      // China and People's said in Chinese, and in Russian and Turkish.
      ['中国人民银行', "People's Bank of China"],
      ['Narodny Bank', "People's Bank"],
      ['Halk Bankasi', "People's Bank"],
    ]);
    assertCompanies('different', [
      ['华为技术有限公司', 'Huawei Trading Co., Ltd.'],
      ['宏达贸易有限公司', 'Hongxing Trading Co., Ltd.'],
      ['中国人民银行', 'Bank of China'],
    ]);
  });

  it('reads kanji as Japanese as well as Chinese: a company of Japan and its romanised name are one', () => {
    for (const [native, latin] of [
      ['三菱商事', 'Mitsubishi Shoji'],
      ['トヨタ自動車株式会社', 'Toyota Jidosha Kabushiki Kaisha'],
      ['华为', 'Huawei'],
    ] as const) {
      const m = scoreMatch({ kind: 'company', names: [native] }, { kind: 'company', names: [latin] });
      assert.ok(m.score >= MATCH_SCORE_THRESHOLD, `${native} / ${latin}: ${JSON.stringify(m)}`);
    }
    assert.ok(score('三菱商事', 'Mitsui Bussan', 'company') < WEAK);
  });

  it('reads names with their word breaks removed', () => {
    assert.ok(score('Gazpromneft', 'Gazprom Neft', 'company') >= STRONG);
    // Two words of one name written as one in the other, beside other differences (Telecom, Bros).
    assert.ok(score('GREEN WAVE TELECOMMUNICATION SDN BHD', 'GREENWAVE TELECOM', 'company') >= MATCH_SCORE_THRESHOLD);
    assert.ok(
      score('AL-OMGY AND BROTHERS MONEY EXCHANGE', 'ALOMGY AND BROS MONEY EXCHANGE', 'company') >=
        MATCH_SCORE_THRESHOLD,
    );
    // Joined words are compared as one word, not taken for equal ones: Greenwave is not Greenway.
    assert.ok(score('GREEN WAVE TELECOM', 'GREENWAY TELECOM', 'company') < MATCH_SCORE_THRESHOLD);
    // A person's given names run together: the own given name found as written (Mohammad, not its fold Muhammad).
    for (const [a, b] of [
      ['RASOULI, Mohammadbagher', 'RASOULI, Mohammad Bagher'],
      ['TOULAI, Mohammad Hassan', 'TOULAI, Mohammadhassan'],
      ['HASSAN, Hameed ul', 'HASSAN, Hameedul'],
    ] as const)
      assert.ok(score(a, b, 'person') >= MATCH_SCORE_THRESHOLD, `${a} / ${b}`);
    assert.ok(score('RASOULI, Alibagher', 'RASOULI, Mohammad Bagher', 'person') < MATCH_SCORE_THRESHOLD);
    // An al-Din compound in three words, two or one: Salah al-Din is Salahuddin, Salah Eddine and Salaheddine.
    for (const [a, b] of [
      ['Salah al-Din Ahmad', 'Salahuddin Ahmad'],
      ['Nur al-Din Ahmad', 'Noureddine Ahmad'],
      ['AL-HUTHI, Abd al-Khaliq Badr al-Din', 'AL-HOUTHI, Abdul Khaliq Badreddin'],
      ['NASSEREDDINE, Ghazi', 'NASRALDINE, Ghazi'],
    ] as const)
      assert.ok(score(a, b, 'person') >= MATCH_SCORE_THRESHOLD, `${a} / ${b}`);
    assert.ok(score('Nur al-Din Ahmad', 'Badreddine Ahmad', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it('tells numbered siblings apart, and ignores a vessel type prefix', () => {
    assert.ok(score('M/T Ocean Star No. 6', 'Ocean Star No 8', 'vessel') < WEAK);
    assert.ok(score('Fund II LP', 'Fund III LP', 'company') < WEAK);
    assert.equal(score('MT OCEAN STAR', 'Ocean Star', 'vessel'), 1);
  });

  it('reads a number however it is written: No. 3, NO.3, 3 and III', () => {
    assert.equal(score('M.V. OCEAN STAR No. 3', 'OCEAN STAR 3', 'vessel'), 1);
    assert.equal(score('MT OCEAN STAR NO.3', 'M/V OCEAN STAR 3', 'vessel'), 1);
    assert.equal(score('OCEAN STAR III', 'Ocean Star 3', 'vessel'), 1);
    assert.ok(score('OCEAN STAR III', 'Ocean Star No. 4', 'vessel') < WEAK);
    assert.ok(score('Fund II LP', 'Fund 2 LP', 'company') >= MATCH_SCORE_THRESHOLD);
  });

  it("reads a single letter in a person's name as an initial, not a roman numeral", () => {
    const initial = scoreMatch(
      { kind: 'person', names: ['UKHNALYOVA, Svetlana'] },
      { kind: 'person', names: ['UKHNALEVA, Svetlana V.'] },
    );
    assert.equal(initial.explanations['numbers'], undefined, JSON.stringify(initial.explanations));
    // An initial is the word it begins, shortened: not a word the other lacks. Another letter is another name.
    assert.ok(score('SARRIA DIAZ, Rafael Alfredo', 'SARRIA-DIAZ, Rafael A', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('SARRIA DIAZ, Rafael Alfredo', 'SARRIA-DIAZ, Rafael B', 'person') < MATCH_SCORE_THRESHOLD);
    // II and III still number a generation: a father and his son.
    const generation = scoreMatch(
      { kind: 'person', names: ['John Henry Smith'] },
      { kind: 'person', names: ['John Henry Smith III'] },
    );
    assert.equal(generation.explanations['numbers']?.score, 0.5);
  });

  it('takes the shortenings lists write for common words as the words themselves', () => {
    for (const [a, b] of [
      ['Acme Intl Mfg Co', 'Acme International Manufacturing Company'],
      ['Smith Bros Svcs Ltd', 'Smith Brothers Services Limited'],
      ['F.lli Rossi S.p.A.', 'Fratelli Rossi SpA'],
      ['Silva Ind. e Com. Ltda', 'Silva Industria e Comercio Ltda'],
      ['Wuhan Sanjiang Imp. & Exp. Co. Ltd.', 'Wuhan Sanjiang Import and Export Co. Ltd'],
    ])
      assert.ok(score(a ?? '', b ?? '', 'company') >= MATCH_SCORE_THRESHOLD, `${a} | ${b}`);
  });

  it('takes a common word of company names in another language for the same word, and not another common word', () => {
    for (const [a, b] of [
      ['Banco Saderat', 'Bank Saderat'],
      ['Samsung Jeonja', 'Samsung Electronics'],
      ['Severnaya Neft', 'Severnaya Oil'],
      ['Mitsui Kaiun', 'Mitsui Shipping'],
    ])
      assert.ok(score(a ?? '', b ?? '', 'company') >= MATCH_SCORE_THRESHOLD, `${a} | ${b}`);
    assert.ok(score('Rosneft Trading', 'Rosneft Shipping', 'company') < WEAK);
    // A ship named after a captain or an academician, the rank said in Russian or English.
    assert.ok(score('KAPITAN KOSTICHEV', 'Captain Kostichev', 'vessel') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('AKADEMIK GUBKIN', 'Academician Gubkin', 'vessel') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('KAPITAN KOSTICHEV', 'Captain Kostin', 'vessel') < MATCH_SCORE_THRESHOLD);
  });

  it('takes a common word of company names in the Arabic script for the same word, with the article joined or not', () => {
    for (const [a, b] of [
      ['Al Rajhi Bank', 'مصرف الراجحي'],
      ['Al Rajhi Trading', 'الراجحي للتجارة'],
      ['Parchin Chemical Industries', 'صنایع شیمیایی پارچین'],
      ['Roshan Exchange', 'صرافی روشان'],
    ])
      assert.ok(score(a ?? '', b ?? '', 'company') >= MATCH_SCORE_THRESHOLD, `${a} | ${b}`);
    for (const [a, b] of [
      ['Al Rajhi Gas', 'نفط الراجحي'],
      ['Al Rajhi Bank', 'الراجحي للتجارة'],
    ])
      assert.ok(score(a ?? '', b ?? '', 'company') < WEAK, `${a} | ${b}`);
  });

  it('takes letters romanisations write differently as one: w and v, kh and h, ee and i', () => {
    assert.ok(score('Vladimir Ivanov', 'Wladimir Iwanow', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('Mikhail Khodorkovsky', 'Mihail Hodorkovskiy', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('Tarun Mukherjee', 'Tarun Mukherji', 'person') >= MATCH_SCORE_THRESHOLD);
    // Basque and Catalan tx is ch.
    assert.ok(score('BENGOECHEA, Jose Antonio', 'BENGOETXEA, Jose Antonio', 'person') >= MATCH_SCORE_THRESHOLD);
    // Sayyed and Seyed are titles, and a title run into the given name still has it.
    assert.ok(score('SAFDARI, Sayyed Jaber', 'SAFDARI, Seyyed Jaber', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('MIRVAKILI, Seyed Aliakbar', 'MIRVAKILI, Seyedaliakbar', 'person') >= MATCH_SCORE_THRESHOLD);
    // Persian ق and غ romanised q or gh, and the ezafe one list writes and another not.
    assert.ok(
      score('MEHR-E EQTESAD-E IRANIAN INVESTMENT COMPANY', 'MEHR EGHTESAD IRANIAN INVESTMENT COMPANY', 'company') >=
        MATCH_SCORE_THRESHOLD,
    );
    // Indonesian and Malay sy is sh.
    assert.ok(score("BA'ASYIR, Abdurochim", 'BASHIR, Abdurochim', 'person') >= MATCH_SCORE_THRESHOLD);
    // Arabic ق opens a name as q, k or g, and غ as gh: one name to the ear.
    assert.ok(score('GHADAFFI, Khamis', 'QADDAFI, Khamis', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('QANSU, Ali', 'KANSOU, Ali', 'person') >= MATCH_SCORE_THRESHOLD);
    // Its first letter is one letter among those the two spellings keep in order.
    assert.ok(score('QUBAYSI, Ali', 'KOBEISSI, Ali', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score("ABU-QURAYN, Mus'ab", 'ABU GREIN, Musab', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('QUBAYSI, Ali', 'KABBANI, Ali', 'person') < MATCH_SCORE_THRESHOLD);
    // Belarusian ў is u where Russian-based spellings write v, and its surnames end -enka for -enko.
    assert.ok(
      score('PAVLICHENKO, Dmitri Vasilyevich', 'PAULICHENKA, Dmitri Vasilyevich', 'person') >= MATCH_SCORE_THRESHOLD,
    );
    // A final h after a vowel is not said: Arabic's ة is written -ah or -a.
    assert.ok(score('Jamaat ud-Dawah', 'Jamaat ud-Daawa', 'company') >= MATCH_SCORE_THRESHOLD);
    // Central European j after a vowel is й, English-based y; before a vowel it is a consonant of its own.
    assert.ok(score('MIKHAILIUK, Leonid', 'MIHAJLYUK, Leonid', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('STRIZHAK Mihail Mihajlovich', 'СТРИЖАК Михайло Михайлович', 'person') >= MATCH_SCORE_THRESHOLD);
    // Folding buys no edits beyond equal folds, and ou stays: these are different names.
    for (const [a, b] of [
      ['Zhou Wei', 'Zhu Wei'],
      ['Khalid Ahmed', 'Hamid Ahmed'],
      ['John Reed', 'John Riyad'],
    ])
      assert.ok(score(a ?? '', b ?? '', 'person') < WEAK, `${a} | ${b}`);
  });

  it('does not take one distinctive word changed among shared ones for a spelling', () => {
    assert.ok(score('Acme Logistics LLC', 'Acme Engineering LLC', 'company') < WEAK);
  });

  it('finds each word of one name in one word of the other at most: a repeated word is not found twice', () => {
    assert.ok(score('AL-ALI, Hamid', "AL-'ALI, Hamid Hamad Hamid", 'person') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('Abu Umar', 'Abu Omar Abu Umar', 'person') < WEAK);
    // Each word of the shorter name still finds its own counterpart, in whatever order.
    assert.ok(score('Omar Abu', 'Abu Umar', 'person') >= MATCH_SCORE_THRESHOLD);
  });

  it('moves a person score with the birth date: a full match lifts it, a contradiction sinks it', () => {
    const base = { kind: 'person' as const, names: ['Ivan Petrov'] };
    const same = scoreMatch({ ...base, birthDate: '1970-02-03' }, { ...base, birthDate: '1970-02-03' });
    const other = scoreMatch({ ...base, birthDate: '1970-02-03' }, { ...base, birthDate: '1981-07-09' });
    assert.ok(same.score > other.score);
    assert.ok(other.score < WEAK);
    assert.equal(other.explanations['birth_date']?.score, 0);
  });

  it('takes one name spelled two ways, word for word, as a match', () => {
    const respelled = scoreMatch(
      { kind: 'person', names: ['MAHMOOD, Shahid'] },
      { kind: 'person', names: ['MEHMOUD, Shahid'] },
    );
    assert.ok(respelled.score >= MATCH_SCORE_THRESHOLD, String(respelled.score));
    assert.equal(respelled.explanations['respelled']?.score, 1);
    assert.ok(score('LAREDO DONJUAN, Ismael', 'LAREDO DON JUAN, Ismael', 'person') >= MATCH_SCORE_THRESHOLD);
  });

  it('does not take a relative for the person: another own given name, or a family name the other lacks', () => {
    const son = scoreMatch(
      { kind: 'person', names: ['AL-TIKRITI, Barzan Ibrahim Hasan'] },
      { kind: 'person', names: ['AL-TIKRITI, Ali Barzan Ibrahim Hasan'] },
    );
    assert.ok(son.score < MATCH_SCORE_THRESHOLD, String(son.score));
    assert.equal(son.explanations['given_name']?.score, 0);
    const other = scoreMatch(
      { kind: 'person', names: ['HAMSHOU, Ali Mohammed'] },
      { kind: 'person', names: ['Ali Mohammed Khalil'] },
    );
    assert.ok(other.score < MATCH_SCORE_THRESHOLD, String(other.score));
    assert.equal(other.explanations['family_name']?.score, 0);
  });

  it('compares people without their titles, so a title does not make a given name alone look fuller', () => {
    assert.ok(score('Sheikh Hassan', 'Sheikh Hassaan Hussein', 'person') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('Haji Agha Jan Alizai', 'Agha Jan Alizai', 'person') >= MATCH_SCORE_THRESHOLD);
    // The titles of clerics and pilgrims in their other spellings, and Burmese and Karen honorifics.
    for (const [a, b] of [
      ['MAZHAR, Mohammad', 'MAZHAR, Molavi Muhammad'],
      ['NASSERIDINE, Gazi', 'NASSEREDDINE, Haj Ghazzi'],
      ['MON, Khin Thiri Thet', 'MON, Daw Khin Thiri Thet'],
      ['MAUNG, Mahn Nyein', 'MAUNG, Padoh Mahn Nyein'],
      ['Alhaj Qari Ayub Bashar', 'Ayub Bashar'],
    ])
      assert.ok(score(a ?? '', b ?? '', 'person') >= MATCH_SCORE_THRESHOLD, `${a} | ${b}`);
    // After the comma, the own given name is the first word that is no title.
    const titled = scoreMatch(
      { kind: 'person', names: ['KHAN, Asad'] },
      { kind: 'person', names: ['KHAN, Haji Asad'] },
    );
    assert.equal(titled.explanations['given_name'], undefined, JSON.stringify(titled.explanations));
    assert.ok(titled.score >= MATCH_SCORE_THRESHOLD, String(titled.score));
    // A title alone after the comma is no given name: the names before it are the person's whole name.
    const titleOnly = scoreMatch(
      { kind: 'person', names: ['SAFAVI, Yahya Rahim'] },
      { kind: 'person', names: ['YAHYA RAHIM-SAFAVI, Seyyed'] },
    );
    assert.equal(titleOnly.explanations['given_name'], undefined, JSON.stringify(titleOnly.explanations));
    assert.ok(titleOnly.score >= MATCH_SCORE_THRESHOLD, String(titleOnly.score));
    assert.ok(score('KHAN, Haji', 'KHAN, Haji Asad', 'person') < MATCH_SCORE_THRESHOLD, 'Asad is in one name only');
  });

  it("compares people without the bin or ibn that joins a name to the father's, which one list writes and another not", () => {
    assert.ok(
      score('AHMAD ABDULLAH SALIH AL-ZAHRANI', 'AHMED BIN ABDULLAH SALEH BIN AL-ZAHRANI', 'person') >=
        MATCH_SCORE_THRESHOLD,
    );
    assert.ok(score('LADEN, Usama bin Muhammad', 'BIN LADEN, Usama Muhammad', 'person') >= MATCH_SCORE_THRESHOLD);
    // Only joining words go: another father's name stays another person.
    assert.ok(score('Ahmed bin Abdullah', 'Ahmed bin Khalid', 'person') < WEAK);
  });

  it('compares a person also without the Arabic article, which one list writes and another drops', () => {
    const dropped = scoreMatch(
      { kind: 'person', names: ['AL-SENUSSI, Abdullah'] },
      { kind: 'person', names: ['SENUSSI, Abdullah'] },
    );
    assert.ok(dropped.score >= MATCH_SCORE_THRESHOLD, JSON.stringify(dropped));
    assert.match(dropped.explanations['annotation']?.detail ?? '', /without its article/);
    assert.ok(score('El Qaddafi, Muammar', 'QADDAFI, Muammar', 'person') >= MATCH_SCORE_THRESHOLD);
    // Only a word standing alone or before a hyphen is the article: Alhassan and Elsayed are names.
    assert.ok(score('ALHASSAN, Omar', 'HASSAN, Omar', 'person') < MATCH_SCORE_THRESHOLD);
    // Companies keep it: Al Rajhi Bank is not any Rajhi Bank.
    assert.equal(
      scoreMatch({ kind: 'company', names: ['Al Noor Trading'] }, { kind: 'company', names: ['Noor Trading'] })
        .explanations['annotation'],
      undefined,
    );
  });

  it('takes a patronymic one list leaves out as unknown, and two different ones as two people', () => {
    const unknown = scoreMatch(
      { kind: 'person', names: ['KHLUCHIN Vladimir'] },
      { kind: 'person', names: ['ХЛУЧИН Владимир Александрович'] },
    );
    assert.ok(unknown.score >= MATCH_SCORE_THRESHOLD, String(unknown.score));
    assert.ok(unknown.explanations['patronymic'] !== undefined);
    assert.ok(score('IVANOV Sergey Petrovich', 'IVANOV Sergey Ivanovich', 'person') < MATCH_SCORE_THRESHOLD);
    // Lev's son is Lvovich, and Ilya's Ilyich: patronymics too.
    assert.ok(score('MOROZOVA Olga', 'МОРОЗОВА Ольга Львовна', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('BRUEV Georgy', 'БРУЕВ Георгий Ильич', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('IVANOV Sergey Lvovich', 'IVANOV Sergey Ilyich', 'person') < MATCH_SCORE_THRESHOLD);
    // A family name ending as a patronymic does is the family name, first in the name: the patronymic is unknown.
    assert.ok(score('KESKEVICH Sergey', 'КЕСКЕВИЧ Сергей Игоревич', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('LUKASHEVICH, Ivan', 'LUKASHEVICH, Ivan Petrovich', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('KESKEVICH Sergey Petrovich', 'КЕСКЕВИЧ Сергей Игоревич', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it('weighs an abjad name found word for word by its consonants in a fuller Latin one as words of one script', () => {
    // Each Arabic word's consonants are those of a word of the Latin name, which adds Ali.
    assert.ok(score('Tharwat Salah Shihata Ali', 'ثروت صالح شحاته', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('إبراهيم حسن طالع عسيري', 'Ibrahim Hassan al-Asiri', 'person') >= MATCH_SCORE_THRESHOLD);
    // Two of three words say less, as they do in one script.
    assert.ok(score('Ibrahim Hassan', 'إبراهيم حسن طالع', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it('compares a name in an abjad with its Latin form word by word, by consonants', () => {
    assert.ok(score('ABDUL RAUF KHADEM', 'عبدالروف خادم', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('FAYSAL AHMAD BIN ALI AL-ZAHRANI', 'فيصل احمد بن علي الزهراني', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('Abdul Baset Azouz', 'عبد البصیر نورزی', 'person') < WEAK);
    // Persian romanisations: ظ is z (Kazemi), ک and گ are k or g (Asgari, Askari), ض is z (Reza), ق is gh.
    assert.ok(score('KAZEMI, Mohammad', 'محمد کاظمی', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('ASGARI, Hassan', 'حسن عسکری', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('MOGHADAM FAR, Hamid Reza', 'حمید رضا مقدم فر', 'person') >= MATCH_SCORE_THRESHOLD);
    // Read without vowels, عمر (Omar) is "mr", no title; سید (Seyyed) is one.
    assert.ok(score('OMAR SABAWI IBRAHIM HASAN', 'عمر سبعاوي إبراهيم حسن', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('HOSSEINI, Sadegh', 'سید صادق حسینی', 'person') >= MATCH_SCORE_THRESHOLD);
    // The title keeps its article in Arabic (السيد), and ch is the French spelling of ش (Alouche, علوش).
    assert.ok(score('TARIQ ANWAR EL SAYED AHMED', 'طاريق أنور السيد احمد', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('ISAM ALI MOHAMED ALOUCHE', 'عصام علي محمد علوش', 'person') >= MATCH_SCORE_THRESHOLD);
    // Words broken elsewhere keep the h a break would drop: صلاح الدين is Salahaldin.
    assert.ok(
      score('MOHAMMED SALAHALDIN ABD EL HALIM ZIDANE', 'محمد صلاح الدين عبدالحليم زيدان', 'person') >=
        MATCH_SCORE_THRESHOLD,
    );
    // The article assimilated to the sun letter after it, or written apart: Noureddine is نور الدين.
    assert.ok(
      score('NOUREDDINE BEN ALI BEN BELKASSEM AL-DRISSI', 'نور الدين بن علي بن بلقاسم الدريسي', 'person') >=
        MATCH_SCORE_THRESHOLD,
    );
    // The Latin name's consonants as written, not as its variants fold (Othman folds to Usman: ث is th).
    assert.ok(score('OTHMAN AHMED OTHMAN AL-GHAMDI', 'عثمان أحمد عثمان الغامدي', 'person') >= MATCH_SCORE_THRESHOLD);
    // The article the Latin name writes apart, as a word the abjad joins to the next.
    assert.ok(
      score('RADI ABD EL SAMIE ABOU EL YAZID EL AYASHI', 'راضي عبد السميع أبواليزيد العياشي', 'person') >=
        MATCH_SCORE_THRESHOLD,
    );
    // A title on both sides (Hajji, حاجی), and one name in two words (رکن آبادی, Roknabadi; فیض اللهی, Feyzollahi).
    assert.ok(
      score('HAJJI HOSEINI ROKNABADI, Mojtaba', 'مجتبی حاجی حسینی رکن آبادی', 'person') >= MATCH_SCORE_THRESHOLD,
    );
    assert.ok(score('علی احمد فیض اللهی', 'FEYZOLLAHI, Ahmad Ali', 'person') >= MATCH_SCORE_THRESHOLD);
    // A different family name is still a different person, however the words break.
    assert.ok(score('علی احمد فیض اللهی', 'FEYZABADI, Ahmad Ali', 'person') < MATCH_SCORE_THRESHOLD);
    // Sherkat, "company", is a legal form like Company.
    assert.ok(score('AFKAR SYSTEM YAZD COMPANY', 'شرکت افکار سیستم یزد', 'company') >= MATCH_SCORE_THRESHOLD);
    // زاده reads zdh, whose dh is one consonant where Zadeh has d then h: merged d and z collapse alike.
    assert.ok(score('GHOLIZADEH, Majid', 'مجید قلی زاده', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('ALIZADEH, Majid', 'مجید قلی زاده', 'person') < MATCH_SCORE_THRESHOLD);
    // ث is s as Persian and Urdu say it, and their romanisations write it (Wasiq, وثيق; Saqib, ثاقب).
    assert.ok(score('Abdul Haq Wasiq', 'عبد الحق وثيق', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('NOOR MOHAMMAD SAQIB', 'نور محمد ثاقب', 'person') >= MATCH_SCORE_THRESHOLD);
  });

  it('compares two names that each close with a one-word form of one kind without those forms', () => {
    assert.ok(score('AL-BUSTAN CHARITY ASSOCIATION', 'AL-BUSTAN CHARITY SOCIETY', 'company') >= MATCH_SCORE_THRESHOLD);
    // Only where both close with one: a form against a word of the name stays a different word.
    assert.ok(score('AL-BUSTAN CHARITY ASSOCIATION', 'AL-BUSTAN CHARITY TRADING', 'company') < MATCH_SCORE_THRESHOLD);
  });

  it("takes a person's name that goes on from another's given names, with one family name, for one person", () => {
    // A father's and a grandfather's name added, each word respelled at most.
    assert.ok(score("AL-ASHQAR, 'Abdallah Jihad Musa", 'AL ASHQAR, Abdullah Jihad', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(
      score("'ABD AL-SALAM, Ashraf Muhammad Yusuf 'Uthman", "'ABD AL-SALAM, Ashraf Muhammad Yusif", 'person') >=
        MATCH_SCORE_THRESHOLD,
    );
    // A son's name begins with his own given name; a family name sharing consonants is another family.
    assert.ok(score('AL-ASHQAR, Musa Abdallah Jihad', 'AL-ASHQAR, Abdallah Jihad', 'person') < MATCH_SCORE_THRESHOLD);
    assert.ok(score("HAMID, Mustafa Muhammad 'Atiya", 'AHMAD, Mustafa Muhammad', 'person') < MATCH_SCORE_THRESHOLD);
    // One given name says too little: Hafiz Talha is Hafiz Saeed's son.
    assert.ok(score('SAEED, Hafiz', 'SAEED, Hafiz Talha', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it("takes a person's given names with a father's name left out between them for one person", () => {
    assert.ok(score('SALAH, Mahir Jawwad Yunis', 'SALAH, Mahir Yunus', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('AL-DULAYMI, Ahmad Khalaf Shabib', 'AL-DULAYMI, Ahmad Shabib', 'person') >= MATCH_SCORE_THRESHOLD);
    // The line still starts with the person's own name, and keeps its order.
    assert.ok(score('SALAH, Jawwad Mahir Yunis', 'SALAH, Mahir Yunus', 'person') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('SALAH, Mahir Yunis Jawwad', 'SALAH, Mahir Jawwad Omar', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it("takes a person's family name with a second surname after it, and the given names going on, for one person", () => {
    const fuller = scoreMatch(
      { kind: 'person', names: ['GORRIN BELISARIO, Raul Antonio'] },
      { kind: 'person', names: ['GORRIN, Raul Antonio'] },
    );
    assert.ok(fuller.score >= MATCH_SCORE_THRESHOLD, String(fuller.score));
    assert.match(fuller.explanations['family_name']?.detail ?? '', /begins with "gorrin"/);
    assert.ok(score('KADKHODAEI ELYADERANI, Abbas Ali', 'KADKHODAI, Abbas Ali', 'person') >= MATCH_SCORE_THRESHOLD);
    // The fuller name is fuller in both parts: family name and given names each begin as the shorter's.
    assert.ok(score('RIVERA MARADIAGA, Maira Lizeth', 'RIVERA, Mayra Lizeth', 'person') >= MATCH_SCORE_THRESHOLD);
    assert.ok(score('RIVERA MARADIAGA, Maira', 'RIVERA, Mayra Lizeth', 'person') < MATCH_SCORE_THRESHOLD);
    // The shorter family name must begin the fuller one: a second surname alone is the mother's family.
    assert.ok(score('MARADIAGA, Maira Lizeth', 'RIVERA MARADIAGA, Maira Lizeth', 'person') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('GORRIN BELISARIO, Antonio Raul', 'GORRIN, Raul Antonio', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it('takes a family name for distinctive by the words both names give, not by those the fuller adds', () => {
    // Ali and Hassan are common; Abkar, which the fuller family name adds, is rare, and says nothing of the shorter.
    const names = Array.from({ length: 1000 }, (_, i) =>
      i % 5 === 0 ? `ALI, N${i}` : i % 7 === 0 ? `N${i} HASSAN` : `N${i}`,
    );
    const rarity = CorpusWordRarity.fromNames(
      [...names, 'ABKAR, Omar', 'JAMMEH, Isatou'].map((n) => normaliseName(n).core),
    );
    const scored = personScorer(rarity);
    assert.ok(scored('ALI ABKAR, Hassan', 'ALI, Hassan') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('JAMMEH BABILI MANSA, Yahya', 'JAMMEH, Yahya') >= MATCH_SCORE_THRESHOLD);
    // And the same either way round.
    assert.equal(
      scored('JAMMEH, Yahya', 'JAMMEH BABILI MANSA, Yahya'),
      scored('JAMMEH BABILI MANSA, Yahya', 'JAMMEH, Yahya'),
    );
  });

  it("takes a person's name in its own order with names added between its first and last for one person", () => {
    const between = scoreMatch(
      { kind: 'person', names: ['Uthman Ahmad al-Ghamdi'] },
      { kind: 'person', names: ['Uthman Ahmad Uthman al-Ghamdi'] },
    );
    assert.ok(between.score >= MATCH_SCORE_THRESHOLD, String(between.score));
    assert.match(between.explanations['given_names']?.detail ?? '', /keeps the first and last names/);
    assert.ok(
      score('SEIFALLAH BEN OMAR BEN MOHAMED BEN HASSINE', 'Seifallah ben Amor ben Hassine', 'person') >=
        MATCH_SCORE_THRESHOLD,
    );
    // The first name is the person's own: a son's name opens with his.
    assert.ok(score('Ali Saddam Hussein', 'Saddam Hussein al-Tikriti', 'person') < MATCH_SCORE_THRESHOLD);
    // The last names must agree.
    assert.ok(score('Uthman Ahmad al-Ghamdi', 'Uthman Ahmad Uthman al-Zahrani', 'person') < MATCH_SCORE_THRESHOLD);
    // The article written apart, or joined to the name.
    assert.ok(
      score('Uthman Ahmad al-Ghamdi', 'Othman bin Ahmed bin Othman Alghamdi', 'person') >= MATCH_SCORE_THRESHOLD,
    );
    assert.ok(
      score('Uthman Ahmad Alghamdi', 'Othman bin Ahmed bin Othman Alzahrani', 'person') < MATCH_SCORE_THRESHOLD,
    );
  });

  it('takes a name and the same name adding what kind of organisation it is for one organisation', () => {
    const added = scoreMatch(
      { kind: 'company', names: ['AL-HARAMAIN'] },
      { kind: 'company', names: ['AL-HARAMAIN FOUNDATION'] },
    );
    assert.ok(added.score >= MATCH_SCORE_THRESHOLD, JSON.stringify(added.explanations));
    assert.match(added.explanations['kind_words']?.detail ?? '', /foundation/);
    assert.ok(score('ZEYNABIYYUN BRIGADE', 'ZEYNABIYYUN', 'company') >= MATCH_SCORE_THRESHOLD);
    // Respelled, the kind words aside.
    assert.ok(score('ANSAR AL-SHARIAH BRIGADE', 'ANSAR AL-SHARIA', 'company') >= MATCH_SCORE_THRESHOLD);
    // A swapped kind, a Center, a word that is not of kind, a holding: other bodies, perhaps.
    assert.ok(score('AMIN INDUSTRIAL COMPLEX', 'AMIN INDUSTRIAL INSTITUTE', 'company') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('UNMANNED SYSTEMS', 'UNMANNED SYSTEMS CENTER', 'company') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('AL-HARAMAIN ISLAMIC FOUNDATION', 'AL-HARAMAIN FOUNDATION', 'company') < MATCH_SCORE_THRESHOLD);
    assert.ok(score('ACME HOLDING COMPANY', 'ACME', 'company') < MATCH_SCORE_THRESHOLD);
    // People have no kind.
    assert.ok(score('Foundation Smith', 'Smith', 'person') < MATCH_SCORE_THRESHOLD);
  });

  it('takes a first and a last name with more between them for one person only after a distinctive last name', () => {
    // Ali and Mohammed are in a fifth of the names each.
    const names = Array.from({ length: 1000 }, (_, i) =>
      i % 5 === 0 ? `N${i} Ali` : i % 5 === 1 ? `Mohammed N${i}` : `N${i}`,
    );
    const rarity = CorpusWordRarity.fromNames(
      [...names, 'Qasim Rimi', 'Abdul Manan'].map((n) => normaliseName(n).core),
    );
    const scored = personScorer(rarity);
    assert.ok(scored('Qasim al-Rimi', 'Qasim Muhammad Mahdi al-Rimi') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Mohammed Ali', 'Mohammed Hassan Ali') < MATCH_SCORE_THRESHOLD);
    // Abdul Manan is one name, not a first name and a last: Abdul Satar Abdul Manan is his son.
    assert.ok(scored('Abdul Manan', 'Abdul Satar Abdul Manan') < MATCH_SCORE_THRESHOLD);
    // Across scripts alike, by the names' consonants, whichever name is the shorter.
    const across = scoreMatch(
      { kind: 'person', names: ['Qasim al-Rimi'] },
      { kind: 'person', names: ['قاسم محمد مهدي الريمي'] },
      rarity,
    );
    assert.ok(across.score >= MATCH_SCORE_THRESHOLD, JSON.stringify(across.explanations));
    assert.match(across.explanations['given_names']?.detail ?? '', /by their consonants/);
    assert.ok(scored('قاسم الريمي', 'Qasim Muhammad Mahdi al-Rimi') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Mohammed Ali', 'محمد حسن علي') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Qasim al-Rimi', 'قاسم محمد مهدي الزهراني') < MATCH_SCORE_THRESHOLD);
    // Each name's words broken where the other's break: Abd al-Rahim is عبدالرحيم.
    assert.ok(
      scored('Muhammad Jamal Abd-Al Rahim Al-Kashif', 'محمد جمال عبدالرحيم أحمد الكاشف') >= MATCH_SCORE_THRESHOLD,
    );
    // The Latin name as written, not only with its spelling variants folded (Uthman folds to Usman, not عثمان's
    // consonants), and without its titles (Seyyed).
    assert.ok(scored('Uthman al-Ghamidi', 'عثمان أحمد عثمان الغامدي') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('FATTAH QARABAGHI, Seyyed Parviz', 'پرویز فتاح') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('FATTAH QARABAGHI, Seyyed Parviz', 'پرویز رضایی') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Uthman al-Ghamidi', 'عثمان أحمد عثمان الزهراني') < MATCH_SCORE_THRESHOLD);
    // Abdul Hakim is Abd al-Hakim, عبد الحكيم: the article joined to the name after Abd.
    assert.ok(scored('Murad, Abdul Hakim al Hashim', 'عبد الحكيم مراد') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Murad, Abdul Hakim al Hashim', 'عبد الكريم مراد') < MATCH_SCORE_THRESHOLD);
  });

  it("takes a person's name that a fuller one opens with for one person only after a distinctive last name", () => {
    const names = Array.from({ length: 1000 }, (_, i) => (i % 5 === 0 ? `N${i} Ali` : `N${i}`));
    const rarity = CorpusWordRarity.fromNames([...names, 'Fuad Khalaf'].map((n) => normaliseName(n).core));
    const opens = scoreMatch(
      { kind: 'person', names: ['Fuad Mohamed Khalif'] },
      { kind: 'person', names: ['Fuad Muhammad Khalaf Shongole'] },
      rarity,
    );
    assert.ok(opens.score >= MATCH_SCORE_THRESHOLD, String(opens.score));
    assert.match(opens.explanations['given_names']?.detail ?? '', /opens with the names/);
    const scored = personScorer(rarity);
    // A common last name says too little: many a Mohammed Ali has a father's name after it.
    assert.ok(scored('Mohammed Ali', 'Mohammed Ali Hassan') < MATCH_SCORE_THRESHOLD);
    // Abdul and Abu with the word after them are one first name, whatever follows.
    assert.ok(scored('Abu Khalaf', 'Abu Khalaf Hassan') < MATCH_SCORE_THRESHOLD);
    // Across scripts alike, by the names' consonants, whichever name is the shorter; Allah written apart closes a
    // first name (Najib Ullah is Najibullah, whose father's name many a record adds).
    assert.ok(scored('Fuad Khalaf', 'فؤاد خلف شنقول') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('فؤاد محمد خلف', 'Fuad Mohamed Khalaf Shongole') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Mohammed Ali', 'محمد علي حسن') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Fuad Ullah', 'فؤاد الله خلف') < MATCH_SCORE_THRESHOLD);
  });

  it("reads a person's name written FAMILY, Given in its natural order to find a line a fuller name goes on with", () => {
    const names = Array.from({ length: 1000 }, (_, i) => (i % 5 === 0 ? `N${i} Ali` : `N${i}`));
    const rarity = CorpusWordRarity.fromNames([...names, 'Thomas Lubanga'].map((n) => normaliseName(n).core));
    const scored = personScorer(rarity);
    // The fuller writes another family name first, a tribe's or a second surname: the shorter's runs along its names.
    const lubanga = scoreMatch(
      { kind: 'person', names: ['LUBANGA, Thomas'] },
      { kind: 'person', names: ['DYILO, Thomas Lubanga'] },
      rarity,
    );
    assert.ok(lubanga.score >= MATCH_SCORE_THRESHOLD, JSON.stringify(lubanga.explanations));
    assert.match(lubanga.explanations['given_names']?.detail ?? '', /opens with the names/);
    assert.equal(lubanga.explanations['family_name'], undefined);
    assert.ok(scored('HISHAN, Badran Turki', 'SHALASH, Badran Turki Hayshan') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Badran Turki Hishan', 'SHALASH, Badran Turki Hayshan') >= MATCH_SCORE_THRESHOLD);
    // Still only after a distinctive last name, and the first names the same.
    assert.ok(scored('ALI, Mohammed', 'HASSAN, Mohammed Ali') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('LUBANGA, Thomas', 'DYILO, Joseph Lubanga') < MATCH_SCORE_THRESHOLD);
    // A first and a family name kept at the ends of a fuller one name two records as often as one across a comma.
    assert.ok(scored('LUBANGA, Thomas', 'THOMAS KABILA LUBANGA') < MATCH_SCORE_THRESHOLD);
    // A family name made of a given name (Saeedi of Saeed, Ahmadi of Ahmad) is not that given name in a line.
    assert.ok(scored('SAEEDI, Thomas', 'DYILO, Thomas Saeed') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Thomas Ahmadi', 'Thomas Ahmad Dyilo') < MATCH_SCORE_THRESHOLD);
  });

  it('takes a first and a last name with more between them for one person when together they are distinctive', () => {
    // 1,000 names: Youssef in 20 and Hani in 5 (weights 0.57 and 0.77), Ahmad and Hasan in 100 each (0.33).
    const names = Array.from({ length: 1000 }, (_, i) =>
      i % 10 === 0 ? `Ahmad N${i} Hasan` : i % 50 === 1 ? `N${i} Youssef` : i % 200 === 2 ? `Hani N${i}` : `N${i}`,
    );
    const rarity = CorpusWordRarity.fromNames(names.map((n) => normaliseName(n).core));
    const scored = personScorer(rarity);
    assert.ok(scored('Hani Youssef', 'Hani Elsayed Youssef') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Hani Youssef', 'هاني السيد السباعي يوسف') >= MATCH_SCORE_THRESHOLD);
    assert.ok(scored('Ahmad Hasan', 'Ahmad Mahmoud Hasan') < MATCH_SCORE_THRESHOLD);
    // Abd and Abu open a first name of two words: the consonants of Aboud are not Abd al-Rahman.
    assert.ok(scored('Aboud Youssef', 'عبد الرحمن يوسف') < MATCH_SCORE_THRESHOLD);
  });

  it('takes one given name going on for one person only after a family name few names of the corpus carry', () => {
    // A corpus of 1,000 names where Saeed and Salehi are common and Kony is one name's, as normalised.
    const names = Array.from({ length: 1000 }, (_, i) =>
      i % 5 === 0 ? `SAEED, N${i}` : i % 7 === 0 ? `SALEHI, N${i}` : `N${i}`,
    );
    const rarity = CorpusWordRarity.fromNames([...names, 'KONY, Joseph'].map((n) => normaliseName(n).core));
    const scored = personScorer(rarity);
    const kony = scoreMatch(
      { kind: 'person', names: ['KONY, Salim'] },
      { kind: 'person', names: ['KONY, Salim Saleh'] },
      rarity,
    );
    assert.ok(kony.score >= MATCH_SCORE_THRESHOLD, String(kony.score));
    assert.match(kony.explanations['given_names']?.detail ?? '', /distinctive family name/);
    assert.ok(scored('SAEED, Hafiz', 'SAEED, Hafiz Talha') < MATCH_SCORE_THRESHOLD);
    assert.ok(scored('SALEHI, Ali', 'SALEHI, Ali Akbar') < MATCH_SCORE_THRESHOLD);
    // The given name must open the fuller name's: a son's name begins with his own.
    assert.ok(scored('KONY, Salim', 'KONY, Joseph Salim') < MATCH_SCORE_THRESHOLD);
  });

  it("reads no legal form into a person's name: Sa'd is not a company of Slovenia", () => {
    const tikriti = scoreMatch(
      { kind: 'person', names: ["SA'D ABD-AL-MAJID AL-FAISAL AL-TIKRITI"] },
      { kind: 'person', names: ['سعد عبد المجيد الفيصل التكريتي'] },
    );
    assert.equal(tikriti.explanations['legal_form'], undefined);
    assert.ok(tikriti.score >= MATCH_SCORE_THRESHOLD, String(tikriti.score));
  });

  it('takes a last word cut short by a field too short for the name as that word', () => {
    const cut = scoreMatch(
      { kind: 'company', names: ['PACIFIC SHIPPING AND TRANSPORTATION LIMITED'] },
      { kind: 'company', names: ['PACIFIC SHIPPING AND TRANS'] },
    );
    assert.ok(cut.score >= MATCH_SCORE_THRESHOLD, String(cut.score));
    assert.equal(cut.explanations['respelled']?.score, 1);
    // Only the last word: a shorter word inside the name is not the same name spelled another way.
    const inside = scoreMatch(
      { kind: 'company', names: ['PACIFIC TRANS SHIPPING'] },
      { kind: 'company', names: ['PACIFIC TRANSPORTATION SHIPPING'] },
    );
    assert.equal(inside.explanations['respelled'], undefined);
    assert.ok(inside.score < cut.score);
  });

  it('takes one name under legal forms of two kinds of one country for a company converted', () => {
    const converted = scoreMatch(
      { kind: 'company', names: ['ZALIV SHIPYARD LLC'] },
      { kind: 'company', names: ['OJSC ZALIV SHIPYARD'] },
    );
    assert.ok(converted.score >= MATCH_SCORE_THRESHOLD, JSON.stringify(converted.explanations));
    assert.match(converted.explanations['legal_form']?.detail ?? '', /different kinds of company/);
    assert.ok(score('MANUFACTURAS REAL S.A.', 'MANUFACTURAS REAL LTDA.', 'company') >= MATCH_SCORE_THRESHOLD);
    // Another word is another company whatever its form, and two countries' forms are two companies.
    assert.ok(score('Zaliv Shipyard LLC', 'Zaliv Shipbuilding AO', 'company') < WEAK);
    assert.ok(score('Acme GmbH', 'Acme Sdn Bhd', 'company') < WEAK);
  });

  it('reads legal forms spelled out in the local language as the abbreviated form', () => {
    for (const [long, short] of [
      ["OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTYU 'NOVATEK-PERM'", "OOO 'NOVATEK-PERM'"],
      // In another romanisation than the lists give (sch for щ).
      ['OBSCHESTVO S OGRANICHENNOI OTVETSTVENNOSTYU MOKRAN', 'OOO MOKRAN'],
      ['PUBLICHNOE AKTSIONERNOE OBSCHESTVO ROSTELEKOM', 'PAO ROSTELEKOM'],
      ['Acme spółka z ograniczoną odpowiedzialnością', 'Acme Sp. z o.o.'],
      ['PT Sinar Jaya', 'Sinar Jaya Perseroan Terbatas'],
    ] as const)
      assert.ok(score(long, short, 'company') >= MATCH_SCORE_THRESHOLD, `${long} / ${short}`);
    assert.ok(score('Fund II LP', 'Fund LP', 'company') < WEAK);
  });

  it('keeps a word one name reads as a legal form when the other name has it as a word of its name', () => {
    // Rt. is a Hungarian form and "insurance company" one of Estonia's; here they are words of the names.
    for (const [a, b] of [
      ['RT-METALLURGIYA OAO', 'OPEN JOINT-STOCK COMPANY RT-METALLURGIYA'],
      ['LLC INSURANCE COMPANY SURGUTNEFTEGAS', 'INSURANCE COMPANY SURGUTNEFTEGAS, LLC'],
      // National Bank is a form of the United States; Banco Nacional says its words in Spanish.
      ['Banco Nacional de Cuba', 'National Bank of Cuba'],
    ] as const) {
      const { score: s, explanations } = scoreMatch({ kind: 'company', names: [a] }, { kind: 'company', names: [b] });
      assert.ok(s >= MATCH_SCORE_THRESHOLD, `${a} / ${b}: ${s}`);
      assert.ok(explanations['form_words'] !== undefined, `${a} / ${b} explains the form words`);
    }
    assert.ok(score('Banco Nacional de Venezuela', 'National Bank of Cuba', 'company') < MATCH_SCORE_THRESHOLD);
  });

  it('does not take a holding company for the company it holds, nor two words that only sound alike', () => {
    const holding = scoreMatch(
      { kind: 'company', names: ['Tose-e Melli Group Investment Company'] },
      { kind: 'company', names: ['Tose-e Melli Investment Company'] },
    );
    assert.ok(holding.score < MATCH_SCORE_THRESHOLD, String(holding.score));
    assert.equal(holding.explanations['holding']?.score, 0);
    assert.ok(score('Asian Spirit', 'Ocean Spirit', 'vessel') < WEAK);
    assert.ok(score('Diamond II', 'Diamond', 'vessel') < WEAK);
  });
});
