// What lists write into a name beside the name: other names it went by, its acronym, a branch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAcronymOf, namesWithin } from '../../../engine/resolution/name-annotations.js';
import type { SubjectKind } from '../../../engine/resolution/subject-kind.js';
import { MATCH_SCORE_THRESHOLD, scoreMatch } from '../../../engine/resolution/match-scorer.js';

const names = (raw: string, kind: SubjectKind = 'any'): string[] =>
  namesWithin(raw, kind).map((n) => `${n.from}:${n.name}`);

describe('names within a name', () => {
  it('reads the names an ex-, f/k/a, a.k.a. or formerly gives, and not a name that only starts with "Ex"', () => {
    assert.deepEqual(names('OCEAN STAR (ex-SEA WIND)'), ['alias:OCEAN STAR', 'alias:SEA WIND']);
    assert.deepEqual(names('OCEAN STAR (EX SEA WIND)'), ['alias:OCEAN STAR', 'alias:SEA WIND']);
    assert.deepEqual(names('Acme Ltd f/k/a Beta Ltd'), ['alias:Acme Ltd', 'alias:Beta Ltd']);
    assert.deepEqual(names('Acme (formerly Beta Corp)'), ['alias:Acme', 'alias:Beta Corp']);
    assert.deepEqual(names('Ex Libris Ltd'), []);
    assert.deepEqual(names('Ex-Im Bank'), []);
  });

  it('reads the name an entity trades under: t/a, d/b/a, trading as', () => {
    assert.deepEqual(names('ZENITH SHIPPING LTD T/A ZENITH LINES'), [
      'alias:ZENITH SHIPPING LTD',
      'alias:ZENITH LINES',
    ]);
    assert.deepEqual(names('Acme Inc d/b/a Acme Stores'), ['alias:Acme Inc', 'alias:Acme Stores']);
    assert.deepEqual(names('Acme Inc DBA Acme Stores'), ['alias:Acme Inc', 'alias:Acme Stores']);
    assert.deepEqual(names('Acme Ltd trading as Beta Foods'), ['alias:Acme Ltd', 'alias:Beta Foods']);
    // Only as a word of its own: Tadbar is a name.
    assert.deepEqual(names('Tadbar Trading'), []);
  });

  it('reads an acronym in brackets only when it abbreviates the name, not a place', () => {
    assert.deepEqual(names('NAFTIRAN INTERTRADE CO. (NICO) LIMITED'), [
      'acronym:NICO',
      'acronym:NAFTIRAN INTERTRADE CO. LIMITED',
    ]);
    assert.ok(isAcronymOf('IRGC', 'Islamic Revolutionary Guard Corps'));
    assert.ok(!isAcronymOf('ANGOLA', 'Golfrate Holdings Lda'));
    assert.deepEqual(names('GOLFRATE HOLDINGS (ANGOLA) LDA'), []);
  });

  it('reads the name without its branch, set off or closing the name', () => {
    assert.deepEqual(names('AL-HARAMAIN : INDONESIA BRANCH'), ['branch:AL-HARAMAIN']);
    assert.ok(
      names('NATIONAL IRANIAN TANKER COMPANY LLC SHARJAH BRANCH').includes(
        'branch:NATIONAL IRANIAN TANKER COMPANY LLC',
      ),
    );
    assert.deepEqual(names('Oak Branch Capital'), []);
  });

  it('reads each name of a list set apart by semicolons, without the notes and initials among them', () => {
    assert.deepEqual(
      namesWithin('Mohammad Islami; Mohamed Islami').map((n) => [n.name, n.from]),
      [
        ['Mohammad Islami', 'alias'],
        ['Mohamed Islami', 'alias'],
      ],
    );
    assert.deepEqual(
      namesWithin('هيئة تحرير الشام (original script); Hayat Tahrir al-Sham (HTS)')
        .filter((n) => n.from === 'alias')
        .map((n) => n.name),
      ['هيئة تحرير الشام', 'Hayat Tahrir al-Sham'],
    );
    assert.deepEqual(namesWithin('Tahrir (Syria) Ltd'), []);
  });

  it('reads a name and another writing of it in parentheses: another script, or a translation, not a place or a note', () => {
    assert.deepEqual(names('نصار الشريعة (Ansar al Charia)'), ['alias:نصار الشريعة', 'alias:Ansar al Charia']);
    assert.deepEqual(names('PARTIDO COMUNISTA DEL PERU (COMMUNIST PARTY OF PERU)'), [
      'alias:PARTIDO COMUNISTA DEL PERU',
      'alias:COMMUNIST PARTY OF PERU',
    ]);
    assert.deepEqual(names('MBADA DIAMONDS (PRIVATE)'), []);
    assert.deepEqual(names('MEHR BANK (TEHRAN, IRAN)'), ['place:MEHR BANK']);
    const organisation = (a: string, b: string): number =>
      scoreMatch({ kind: 'company', names: [a] }, { kind: 'company', names: [b] }).score;
    assert.ok(organisation('Ansar al-Charia', 'نصار الشريعة (Ansar al Charia)') >= MATCH_SCORE_THRESHOLD);
    assert.ok(organisation('COMMUNIST PARTY OF PERU', 'PARTIDO COMUNISTA DEL PERU (COMMUNIST PARTY OF PERU)') >= 0.99);
  });

  it('lets the scorer match a name to its acronym or its branch, but not two branches to each other', () => {
    const company = (a: string, b: string) =>
      scoreMatch({ kind: 'company', names: [a] }, { kind: 'company', names: [b] });
    const acronym = company('NICO', 'NAFTIRAN INTERTRADE COMPANY (NICO)');
    assert.ok(acronym.score >= MATCH_SCORE_THRESHOLD, String(acronym.score));
    assert.match(acronym.explanations['annotation']?.detail ?? '', /acronym/);
    assert.ok(company('AL HARAMAIN', 'AL-HARAMAIN : INDONESIA BRANCH').score >= MATCH_SCORE_THRESHOLD);
    assert.ok(company('AL-HARAMAIN : KENYA BRANCH', 'AL-HARAMAIN : ALBANIA BRANCH').score < MATCH_SCORE_THRESHOLD);
    const ex = scoreMatch(
      { kind: 'vessel', names: ['Sea Wind'] },
      { kind: 'vessel', names: ['OCEAN STAR (ex-SEA WIND)'] },
    );
    assert.equal(ex.score, 1);
  });

  it('reads the name out of a payment field: its label, its numbered lines, a "care of"', () => {
    assert.deepEqual(names('BENEFICIARY: ACME TRADING LLC'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names('Account name = Acme Trading LLC'), ['label:Acme Trading LLC']);
    assert.deepEqual(names('/NAME/ACME TRADING LLC'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names(':59:ACME TRADING LLC'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names('1/ACME TRADING\n1/INTERNATIONAL LLC\n2/12 SHEIKH ZAYED RD\n3/AE/DUBAI'), [
      'label:ACME TRADING INTERNATIONAL LLC',
    ]);
    assert.deepEqual(names('ACME TRADING LLC C/O GULF SERVICES'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names('c/o Acme Trading LLC'), ['label:Acme Trading LLC']);
    assert.deepEqual(names('FAO Acme Trading LLC'), ['label:Acme Trading LLC']);
    assert.deepEqual(names('Attn: Acme Trading LLC'), ['label:Acme Trading LLC']);
    assert.deepEqual(names('M/S. GARNISH PAINTS PVT LTD'), ['label:GARNISH PAINTS PVT LTD']);
    assert.deepEqual(names('Messrs Acme Trading LLC'), ['label:Acme Trading LLC']);
    // A field's account, before the name on its first line or after it, and numbered lines run into one.
    assert.deepEqual(names(':59:/DE89370400440532013000 ACME TRADING LLC'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names('ACME TRADING LLC ACCT 12345678'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names('ACME TRADING LLC, A/C No. 0123-4567-89'), ['label:ACME TRADING LLC']);
    assert.deepEqual(names('1/ACME TRADING LLC 2/12 SHEIKH ZAYED RD 3/AE/DUBAI'), ['label:ACME TRADING LLC']);
    // An IMO number written into a ship's name.
    assert.deepEqual(names('OCEAN STAR IMO 9123456', 'vessel'), ['label:OCEAN STAR']);
    assert.deepEqual(names('OCEAN STAR (IMO No. 9123456)', 'vessel'), ['label:OCEAN STAR']);
    // Words that only begin like one are names.
    assert.deepEqual(names('Imobiliaria Account Partners'), []);
    assert.deepEqual(names('Accounting Solutions Ltd'), []);
    assert.deepEqual(names('Namesake Holdings'), []);
    assert.deepEqual(names('Vessel Name: OCEAN STAR (ex SEA WIND)', 'vessel'), [
      'label:OCEAN STAR (ex SEA WIND)',
      'alias:OCEAN STAR',
      'alias:SEA WIND',
    ]);
  });

  it("reads the name without the address, country or flag set off after it, but not a person's given names", () => {
    assert.deepEqual(names('ACME TRADING LLC, 12 Main Street, Dubai, UAE', 'company'), ['place:ACME TRADING LLC']);
    assert.deepEqual(names('ACME TRADING LLC (Dubai, United Arab Emirates)', 'company'), ['place:ACME TRADING LLC']);
    assert.deepEqual(names('OCEAN STAR, flag: Panama', 'vessel'), ['place:OCEAN STAR']);
    assert.deepEqual(names('OCEAN STAR (PAN)', 'vessel'), ['place:OCEAN STAR']);
    assert.deepEqual(names('ACME, INC.', 'company'), []);
    assert.deepEqual(names('ALPHA - BETA 2000 LIMITED', 'company'), []);
    assert.deepEqual(names('ACME, CITY BANK', 'company'), []);
    assert.deepEqual(names('ALPHA (1998) LTD', 'company'), []);
    assert.deepEqual(names('ARAB BANK, JORDAN', 'company'), []);
    assert.deepEqual(names('1/2 PRICE STORES', 'company'), []);
    assert.deepEqual(names('SMITH, John', 'person'), []);
    // A company's country alone in brackets or after a dash names a part of the entity that lists give apart.
    assert.deepEqual(names('ACME TRADING (HONG KONG) LIMITED', 'company'), []);
    assert.deepEqual(names('ISLAMIC STATE IN IRAQ AND THE LEVANT - YEMEN', 'company'), []);
  });

  it('reads a country written after the legal form that closes a name as where the company is', () => {
    assert.deepEqual(names('JIAXIANG INDUSTRY LTD HONG KONG', 'company'), ['place:JIAXIANG INDUSTRY LTD']);
    assert.deepEqual(names('TELEFOCUS CONSULTANTS INC CANADA', 'company'), ['place:TELEFOCUS CONSULTANTS INC']);
    assert.deepEqual(names('TELEFOCUS CONSULTANTS INC. CANADA.', 'company'), ['place:TELEFOCUS CONSULTANTS INC.']);
    // Before the form, or with no form, the country is the name's own; "in" is a preposition, not a form.
    assert.deepEqual(names('ACME TRADING HONG KONG LIMITED', 'company'), []);
    assert.deepEqual(names('BANK MELLI IRAN', 'company'), []);
    assert.deepEqual(names('ISLAMIC STATE IN SOMALIA', 'company'), []);
    assert.deepEqual(names('OOO ROMASHKA RUSSIA', 'company'), []);
    assert.deepEqual(names('SMITH LTD CANADA', 'person'), []);
  });

  it('reads a former name after a bare "ex" in a ship\'s name only', () => {
    assert.deepEqual(names('OCEAN STAR EX SEA WIND', 'vessel'), ['alias:OCEAN STAR', 'alias:SEA WIND']);
    assert.deepEqual(names('TEX EX TRADING', 'company'), []);
  });

  it('lets the scorer see through labels, places and flags, and not match two places to each other', () => {
    const score = (kind: 'company' | 'vessel', a: string, b: string): number =>
      scoreMatch({ kind, names: [a] }, { kind, names: [b] }).score;
    for (const [kind, a, b] of [
      ['company', '1/ACME TRADING LLC', 'Acme Trading LLC'],
      ['company', 'Beneficiary: ROSNEFT TRADING SA', 'Rosneft Trading S.A.'],
      ['company', 'ACME TRADING LLC, P.O. Box 1234, Jebel Ali Free Zone', 'ACME TRADING LLC'],
      ['vessel', 'OCEAN STAR (Panama flag)', 'OCEAN STAR'],
      ['vessel', 'M/T OCEAN STAR EX SEA WIND', 'SEA WIND'],
    ] as const)
      assert.ok(score(kind, a, b) >= MATCH_SCORE_THRESHOLD, `${a} | ${b}: ${score(kind, a, b)}`);
    assert.ok(score('company', 'Acme Trading (Hong Kong) Limited', 'Acme Trading Limited') < MATCH_SCORE_THRESHOLD);
    const twoPlaces = score('company', 'Acme Trading (Singapore) Pte Ltd', 'Acme Trading (Hong Kong) Ltd');
    assert.ok(twoPlaces < MATCH_SCORE_THRESHOLD, String(twoPlaces));
  });
});
