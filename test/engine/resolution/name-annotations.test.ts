// What lists write into a name beside the name: other names it went by, its acronym, a branch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAcronymOf, namesWithin } from '../../../engine/resolution/name-annotations.js';
import { MATCH_SCORE_THRESHOLD, scoreMatch } from '../../../engine/resolution/match-scorer.js';

const names = (raw: string): string[] => namesWithin(raw).map((n) => `${n.from}:${n.name}`);

describe('names within a name', () => {
  it('reads the names an ex-, f/k/a, a.k.a. or formerly gives, and not a name that only starts with "Ex"', () => {
    assert.deepEqual(names('OCEAN STAR (ex-SEA WIND)'), ['alias:OCEAN STAR', 'alias:SEA WIND']);
    assert.deepEqual(names('OCEAN STAR (EX SEA WIND)'), ['alias:OCEAN STAR', 'alias:SEA WIND']);
    assert.deepEqual(names('Acme Ltd f/k/a Beta Ltd'), ['alias:Acme Ltd', 'alias:Beta Ltd']);
    assert.deepEqual(names('Acme (formerly Beta Corp)'), ['alias:Acme', 'alias:Beta Corp']);
    assert.deepEqual(names('Ex Libris Ltd'), []);
    assert.deepEqual(names('Ex-Im Bank'), []);
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
});
