// The secrecy-jurisdiction table: the built-in facts and an operator's own table.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '../../../engine/errors/config-error.js';
import { offshoreLevel } from '../../../engine/offshore/exposure.js';
import { secrecyTable } from '../../../engine/offshore/secrecy-table.js';
import { tempDir } from '../../helpers/snapshot.js';

describe('secrecy table', () => {
  it('holds the IMF offshore centres and the 2022 FSI top ten, each citing its source', () => {
    const t = secrecyTable();
    assert.equal(t.indexYear, 2022);
    assert.equal(t.facts('KY')?.offshoreCentre, true);
    assert.equal(t.facts('KY')?.secrecyHop, true);
    assert.equal(t.facts('CH')?.rank, 2);
    assert.deepEqual(t.facts('CH')?.basis.sort(), ['FSI-2022', 'IMF-OFC-2000']);
    assert.equal(t.facts('DE')?.secrecyHop, false);
    assert.equal(t.facts('GB'), null);
    assert.equal(t.facts(null), null);
    for (const s of t.sources) assert.match(s.url, /^https:\/\//);
  });

  it('reads an operator table with scores; a score of 65 or more makes a secrecy hop', () => {
    const dir = tempDir('secrecy');
    try {
      const file = path.join(dir.dir, 'fsi.json');
      const source = {
        code: 'FSI-LICENSED',
        name: 'Licensed index',
        published: '2025-06-01',
        url: 'https://example.org/fsi',
        fields: ['fsi_rank', 'fsi_score'],
        coverage: 'all',
      };
      const row = (code: string, score: number) => ({
        code,
        name: code,
        offshore_centre: false,
        fsi_rank: 1,
        fsi_score: score,
      });
      writeFileSync(
        file,
        JSON.stringify({
          description: 'test',
          index_year: 2025,
          sources: [source],
          jurisdictions: [row('AE', 79), row('DE', 52)],
        }),
      );
      const t = secrecyTable(file);
      assert.equal(t.facts('AE')?.secrecyHop, true);
      assert.equal(t.facts('DE')?.secrecyHop, false);
      assert.deepEqual(t.facts('AE')?.basis, ['FSI-LICENSED']);
      const bad = path.join(dir.dir, 'bad.json');
      writeFileSync(
        bad,
        JSON.stringify({
          description: 'x',
          index_year: 2025,
          sources: [source],
          jurisdictions: [{ ...row('XYZ', 10) }],
        }),
      );
      assert.throws(
        () => secrecyTable(bad),
        (e: unknown) => e instanceof ConfigError && e.message.includes('jurisdictions.0.code'),
      );
    } finally {
      dir.remove();
    }
  });

  it('turns counts into a level with one rule', () => {
    assert.equal(offshoreLevel({ secrecy: 0, sanctioned: 1, foreign: 1 }), 'HIGH');
    assert.equal(offshoreLevel({ secrecy: 2, sanctioned: 0, foreign: 2 }), 'HIGH');
    assert.equal(offshoreLevel({ secrecy: 1, sanctioned: 0, foreign: 1 }), 'MED');
    assert.equal(offshoreLevel({ secrecy: 0, sanctioned: 0, foreign: 3 }), 'LOW');
    assert.equal(offshoreLevel({ secrecy: 0, sanctioned: 0, foreign: 0 }), 'NONE');
  });
});
