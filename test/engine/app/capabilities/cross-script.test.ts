// Entity search and resolve across scripts: a name written at home finds the record written in Latin letters, and a
// Latin name finds the record written at home, through the service's own capabilities.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolve } from '../../../../engine/app/capabilities/resolve.js';
import { searchEntities } from '../../../../engine/app/capabilities/search-entities.js';
import { parseInput } from '../../../../engine/app/contract/validate.js';
import { investigationsSource } from '../../../../snapshots/demo/demo-corpus.js';
import { useTestContext } from '../../../helpers/snapshot.js';

/** [script, the name as the corpus holds it, the name as a caller writes it]: both directions per script. */
const NAMES: ReadonlyArray<readonly [string, string, string]> = [
  ['hebrew', 'Bank Hapoalim', 'בנק הפועלים'],
  ['hebrew', 'משה כהן', 'Moshe Cohen'],
  ['arabic', 'Mohamed Ali Hassan', 'محمد علي حسن'],
  ['arabic', 'بنك ملي ايران', 'Bank Melli Iran'],
  ['armenian', 'Hayastani Elektrakan Tsantser', 'Հայաստանի Էլեկտրական Ցանցեր'],
  ['armenian', 'Արմենտել', 'Armentel'],
  ['georgian', 'Sakartvelos Banki', 'საქართველოს ბანკი'],
  ['georgian', 'თბილისი', 'Tbilisi'],
  ['chinese', 'Xi Jinping', '习近平'],
  ['chinese', '华为', 'Huawei'],
  ['japanese', 'Softbank', 'ソフトバンク'],
  ['japanese', 'トヨタ', 'Toyota'],
  ['japanese', 'Mitsubishi Shoji', '三菱商事'],
  ['japanese', '三井物産', 'Mitsui Bussan'],
  ['korean', 'Kim Jong Un', '김정은'],
  ['korean', '삼성', 'Samsung'],
  ['korean', '삼성전자', 'Samsung Electronics'],
  ['korean', 'Hyundai Motor Company', '현대자동차'],
  ['burmese', 'Min Aung Hlaing', 'မင်းအောင်လှိုင်'],
  ['burmese', 'ကမ္ဘောဇ', 'Kanbawza'],
];

const idOf = (i: number): string => `os:cross-script-${i}`;

const suite = useTestContext([
  investigationsSource(),
  {
    label: 'names in many scripts',
    records: NAMES.map(([, held], i) => ({
      record: 'entity',
      id: idOf(i),
      type: 'company',
      name: held,
      provenance: [{ source: 'opensanctions', record_id: `cross-script-${i}`, url: null, retrieved_at: '2026-01-01' }],
    })),
  },
]);

describe('entity search and resolve across scripts', () => {
  NAMES.forEach(([script, held, written], i) => {
    it(`${script}: "${written}" finds "${held}", at the default threshold`, async () => {
      const search = await Promise.resolve(
        searchEntities.run(suite.ctx, parseInput(searchEntities, { q: written, limit: 5 })),
      );
      assert.ok(
        search.hits.some((h) => h.id === idOf(i)),
        `search: ${search.hits.map((h) => h.name).join(', ')}`,
      );
      const resolved = await Promise.resolve(resolve.run(suite.ctx, parseInput(resolve, { queries: [written] })));
      assert.equal(resolved.results[0]?.id, idOf(i), JSON.stringify(resolved.results[0]?.explanations));
    });
  });
});
