// The matching-pairs evaluation set: the committed fixture's invariants, the builder's independence from the matcher,
// and a rebuild from ../shared that must reproduce the fixture byte for byte.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { NEGATIVE_KINDS, POSITIVE_KINDS } from '../../bench/matching-pairs-kinds.js';
import { ELF_CODES, LegalForms, ORG_TYPES } from '../../bench/matching-pairs-legal-forms.js';
import { dominantScript } from '../../bench/matching-pairs-scripts.js';
import type { EntityType } from '../../bench/matching-pairs-types.js';
import { VariantRules } from '../../bench/matching-pairs-variants.js';
import { SHARED_DATA, skipUnlessShared } from '../helpers/shared-data.js';

interface Pair {
  a: string;
  b: string;
  match: boolean;
  kind: string;
  type: string;
  half: string;
  group: string;
  group_b?: string;
  source: string;
}

interface Fixture {
  description: string;
  built_from: string[];
  counts: { positives: number; negatives: number; by_kind: Record<string, unknown>; excluded: Record<string, number> };
  pairs: Pair[];
}

/** The repository root, found from dist/test/bench or test/bench alike. */
const REPO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  ...(import.meta.url.includes('/dist/') ? ['..'] : []),
);
const FIXTURE = path.join(REPO, 'bench', 'matching-pairs.json');
const fixtureText = readFileSync(FIXTURE, 'utf8');
const fixture = JSON.parse(fixtureText) as Fixture;

test('the fixture holds at least 5,000 pairs, with positives and negatives in both halves', () => {
  assert.ok(fixture.pairs.length >= 5000, `${fixture.pairs.length} pairs`);
  for (const half of ['tune', 'held-out']) {
    assert.ok(
      fixture.pairs.some((p) => p.half === half && p.match),
      `positives in ${half}`,
    );
    assert.ok(
      fixture.pairs.some((p) => p.half === half && !p.match),
      `negatives in ${half}`,
    );
  }
  assert.equal(fixture.counts.positives, fixture.pairs.filter((p) => p.match).length);
  assert.equal(fixture.counts.negatives, fixture.pairs.filter((p) => !p.match).length);
});

test('no entity is in both halves, a negative’s two entities included', () => {
  const halfOfGroup = new Map<string, string>();
  const place = (group: string, half: string, p: Pair): void => {
    const seen = halfOfGroup.get(group);
    assert.ok(seen === undefined || seen === half, `${group} in both halves (pair ${p.a} / ${p.b})`);
    halfOfGroup.set(group, half);
  };
  for (const p of fixture.pairs) {
    assert.ok(p.half === 'tune' || p.half === 'held-out', p.half);
    place(p.group, p.half, p);
    if (!p.match) {
      assert.ok(p.group_b !== undefined && p.group_b !== p.group, `negative ${p.a} / ${p.b} names its second entity`);
      place(p.group_b, p.half, p);
    }
  }
});

test('every pair has a known kind matching its label, a type, and two different names', () => {
  const positive = new Set<string>(POSITIVE_KINDS);
  const negative = new Set<string>(NEGATIVE_KINDS);
  for (const p of fixture.pairs) {
    assert.ok((p.match ? positive : negative).has(p.kind), `${p.kind} for match=${String(p.match)}`);
    assert.ok(['company', 'person', 'vessel'].includes(p.type), p.type);
    assert.notEqual(p.a.trim(), p.b.trim());
    assert.ok(p.a.trim() !== '' && p.source !== '' && p.group !== '');
  }
});

test('no pair appears twice, in either order', () => {
  const seen = new Set<string>();
  for (const p of fixture.pairs) {
    const key = [p.a.trim(), p.b.trim()].sort().join('\u0000');
    assert.ok(!seen.has(key), `duplicate pair ${p.a} / ${p.b}`);
    seen.add(key);
  }
});

test('the builder does not import the matcher under test', () => {
  const bench = path.join(REPO, 'bench');
  const files = readdirSync(bench).filter((f) => /^matching-pairs-.*\.ts$/u.test(f));
  assert.ok(files.includes('matching-pairs-build.ts'));
  for (const f of files) {
    const source = readFileSync(path.join(bench, f), 'utf8');
    for (const m of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/gu)) {
      assert.doesNotMatch(m[1] ?? '', /engine\/(names|resolution|search|live)\b/u, `${f} imports ${m[1] ?? ''}`);
    }
  }
});

/** The label rules, with legal forms read from the same two tables the builder reads; null without shared data. */
const rules: VariantRules | null =
  skipUnlessShared(ELF_CODES) === false && skipUnlessShared(ORG_TYPES) === false
    ? new VariantRules(LegalForms.read((p) => path.join(SHARED_DATA, p)))
    : null;
const noForms = skipUnlessShared(ELF_CODES) || skipUnlessShared(ORG_TYPES);

test('the variant rule tells spellings of one name from other names', { skip: noForms }, () => {
  const r = rules;
  assert.ok(r !== null);
  const variant = (a: string, b: string, type: EntityType): boolean => r.isVariant(a, b, type);
  assert.equal(variant('Astro Corona', 'Maran Corona', 'vessel'), false);
  assert.equal(variant('Navigator Spirit', 'SPT Navigator', 'vessel'), false);
  assert.equal(variant('KHAN, Shahbaz', 'ZADRAN, Haji Shahbaz', 'person'), false);
  assert.equal(variant('NKUNDA MAHORO BATWARE, Laurent', 'NKUNDA, General', 'person'), false);
  assert.equal(variant('STRUGGLE FOR RECONSTRUCTION', 'JIHAD CONSTRUCTION FOUNDATION', 'company'), false);
  assert.equal(variant('MEHDI BROS SHIP SERVICES PVT LTD', 'MEHDI BROTHERS SHIP SERVICES PVT. LTD.', 'company'), true);
  assert.equal(variant('HAMMAMI, Omar', 'Umar Hammami', 'person'), true);
  assert.equal(variant('AL QAIDA', 'ALQAIDA', 'company'), true);
  // A vessel's former name whose few consonants happen to agree is another name; a romanised surname is not.
  assert.equal(variant('DOWNY', 'DENA', 'vessel'), false);
  assert.equal(variant('SEAHORSE', 'Turris', 'vessel'), false);
  assert.equal(variant('IRAN SHALAMCHEH', 'IR.SHALAMCHE', 'vessel'), true);
  assert.equal(variant('QUBAYSI, Abd Al Menhem', 'KOBEISSI, Abdel Menhem', 'person'), true);
  assert.equal(r.isCrossScriptVariant('Vladimir Putin', 'Путин Владимир Владимирович', 'person'), true);
  assert.equal(r.isCrossScriptVariant('Mullah Ahmed Shah Hawala', 'صرافی روشان', 'company'), false);
});

test('the namesake rule: one name twice, unless two legal forms differ', { skip: noForms }, () => {
  const r = rules;
  assert.ok(r !== null);
  assert.equal(r.isNamesake('HAVANATUR S.A.', 'HAVANATUR', 'company'), true);
  assert.equal(r.isNamesake("ANSAR AL-SHARI'A", 'ANSAR AL-SHARIA', 'company'), true);
  assert.equal(
    r.isNamesake('SOCIETY FOR THE REVIVAL OF ISLAMIC HERITAGE', 'REVIVAL OF ISLAMIC HERITAGE SOCIETY', 'company'),
    true,
  );
  assert.equal(r.isNamesake("'ALI, Ahmad", 'AHMAD, Ahmad Ali', 'person'), true);
  assert.equal(r.isNamesake('Acme GmbH', 'Acme Sdn Bhd', 'company'), false);
  assert.equal(r.sameName('Acme GmbH', 'Acme Sdn Bhd', 'company'), 'other-form');
  assert.equal(r.isNamesake('Acme Trading', 'Acme Shipping', 'company'), false);
});

test('every Latin positive is a variant of one name, and no negative is a namesake', { skip: noForms }, () => {
  const r = rules;
  assert.ok(r !== null);
  const type = (p: Pair): EntityType => p.type as EntityType;
  for (const p of fixture.pairs) {
    if (p.match && dominantScript(p.a) === 'latin' && dominantScript(p.b) === 'latin')
      assert.ok(r.isVariant(p.a, p.b, type(p)), `positive ${p.a} / ${p.b} is not a variant`);
    if (!p.match) assert.ok(!r.isNamesake(p.a, p.b, type(p)), `negative ${p.a} / ${p.b} is a namesake`);
  }
});

test(
  'a rebuild from ../shared reproduces the committed fixture byte for byte',
  { skip: skipUnlessShared('un'), timeout: 60_000 },
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'matching-pairs-'));
    try {
      const out = path.join(dir, 'matching-pairs.json');
      const script = path.join(REPO, 'dist', 'bench', 'matching-pairs-build.js');
      const run = spawnSync(process.execPath, [script, '--shared', path.dirname(SHARED_DATA), '--out', out], {
        encoding: 'utf8',
      });
      assert.equal(run.status, 0, run.stderr);
      assert.ok(
        readFileSync(out, 'utf8') === fixtureText,
        'the rebuilt set differs from bench/matching-pairs.json: rerun npm run bench:matching-pairs',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
