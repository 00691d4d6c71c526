// Name search across scripts: a name written in one script finds the same name written in Latin letters, and the
// reverse, through its romanisation, its sound or its letters run together.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NameIndex } from '../../../engine/search/name-index.js';

/** Public names of companies, places and people, each as written at home and as romanised abroad. */
const PAIRS: ReadonlyArray<readonly [string, string, string]> = [
  ['hebrew', 'בנק הפועלים', 'Bank Hapoalim'],
  ['hebrew', 'משה כהן', 'Moshe Cohen'],
  ['arabic', 'محمد علي', 'Mohamed Ali'],
  ['armenian', 'Հայաստանի Էլեկտրական Ցանցեր', 'Hayastani Elektrakan Tsantser'],
  ['georgian', 'საქართველოს ბანკი', 'Sakartvelos Banki'],
  ['chinese', '华为', 'Huawei'],
  ['chinese', '中国石油', 'Zhongguo Shiyou'],
  ['chinese', '华为技术', 'Huawei Technologies'],
  ['chinese', '宏达贸易', 'Hongda Trading'],
  ['japanese', 'ソフトバンク', 'Softbank'],
  ['japanese', '三菱商事', 'Mitsubishi Shoji'],
  ['japanese', 'トヨタ自動車', 'Toyota Jidosha'],
  ['korean', '삼성', 'Samsung'],
  ['korean', '김정은', 'Kim Jong Un'],
  ['cyrillic', 'Ростех', 'Rostec'],
];

describe('name search across scripts', () => {
  const entries = PAIRS.flatMap(([, native, latin], i) => [
    ...NameIndex.entriesFor(2 * i, [native]),
    ...NameIndex.entriesFor(2 * i + 1, [latin]),
  ]);
  // Names enough that a match has to be found, not listed.
  for (let i = 0; i < 2_000; i++) entries.push(...NameIndex.entriesFor(10_000 + i, [`Meridian Trading ${i} Limited`]));
  const { index } = NameIndex.build(entries);

  for (const [script, native, latin] of PAIRS) {
    const i = PAIRS.findIndex((p) => p[1] === native);
    it(`${script}: "${native}" finds itself first, "${latin}" too, and the reverse`, () => {
      assert.equal(index.search(native, 1)[0]?.entity, 2 * i, `${native} → itself`);
      assert.ok(
        index.search(native, 5).some((m) => m.entity === 2 * i + 1),
        `${native} → ${latin}`,
      );
      assert.ok(
        index.search(latin, 5).some((m) => m.entity === 2 * i),
        `${latin} → ${native}`,
      );
    });
  }

  it('finds a name given live across scripts too', () => {
    index.setNames(50_000, ['현대']);
    assert.ok(index.search('Hyundai', 5).some((m) => m.entity === 50_000));
  });
});
