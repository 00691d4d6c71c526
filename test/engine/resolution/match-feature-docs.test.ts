// Every feature the scorer explains is documented for the matching APIs' algorithm description.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { MATCH_FEATURE_DOCS } from '../../../engine/resolution/match-feature-docs.js';
import { scoreMatch, type SubjectKind } from '../../../engine/resolution/match-scorer.js';
import { fileURLToPath } from 'node:url';

/** The repository root, found from dist/test/engine/resolution or test/engine/resolution alike. */
const REPO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  ...(import.meta.url.includes('/dist/') ? ['..'] : []),
);

interface Pair {
  a: string;
  b: string;
  type: string;
}

describe('match feature docs', () => {
  it('document each feature that scoring the labelled name pairs explains', () => {
    const { pairs } = JSON.parse(readFileSync(path.join(REPO, 'bench', 'matching-pairs.json'), 'utf8')) as {
      pairs: Pair[];
    };
    const seen = new Set<string>();
    for (const p of pairs) {
      const kind: SubjectKind = p.type === 'person' ? 'person' : p.type === 'vessel' ? 'vessel' : 'company';
      for (const f of Object.keys(scoreMatch({ kind, names: [p.a] }, { kind, names: [p.b] }).explanations)) seen.add(f);
    }
    // Identifiers, birth dates and countries: what the name pairs do not carry.
    const vetoed = scoreMatch(
      { kind: 'person', names: ['Ivan Petrov'], identifiers: ['inn:1'] },
      { kind: 'person', names: ['Ivan Petrov'], identifiers: ['inn:2'] },
    );
    const dated = scoreMatch(
      { kind: 'person', names: ['Ivan Petrov'], birthDate: '1961', countries: ['RU'] },
      { kind: 'person', names: ['Ivan Petrov'], birthDate: '1961-04-12', countries: ['UA'] },
    );
    for (const f of [...Object.keys(vetoed.explanations), ...Object.keys(dated.explanations)]) seen.add(f);
    const undocumented = [...seen].filter((f) => MATCH_FEATURE_DOCS[f] === undefined);
    assert.deepEqual(undocumented, []);
    assert.ok(seen.size >= 12, [...seen].join(', '));
  });
});
