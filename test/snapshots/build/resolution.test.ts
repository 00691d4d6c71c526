// Cross-source resolution in real builds: name matches link across scripts, identifiers and judgements hold them apart.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Context } from '../../../engine/app/contract/capability.js';
import { dossier } from '../../../engine/app/capabilities/dossier.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import type { Corpus } from '../../../engine/corpus.js';
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { buildSnapshot, type BuildOptions } from '../../../snapshots/build/build-snapshot.js';
import { JudgementsError } from '../../../snapshots/build/judgements.js';
import { loadSnapshot } from '../../../snapshots/load/load-snapshot.js';
import { tempDir, testContext } from '../../helpers/snapshot.js';

const provenance = (id: string) => [
  { source: id.slice(0, id.indexOf(':')), record_id: id, url: null, retrieved_at: '2026-01-01' },
];
type EntityInput = Extract<NormalisedRecordInput, { record: 'entity' }>;
const person = (id: string, name: string, birth: string | null, extra: Partial<EntityInput> = {}): EntityInput => ({
  record: 'entity',
  id,
  type: 'person',
  name,
  birth_date: birth,
  provenance: provenance(id),
  ...extra,
});

/** Small named cases, each in its own corner: nothing but the case links any two of them. */
const RECORDS: NormalisedRecordInput[] = [
  // Same person in two scripts and name orders, equal birth dates: links.
  person('ofac:100', 'VOLKHONSKIY, Arkadiy Sergeevich', '1961-04-12', { nationalities: ['RU'] }),
  person('uk:RUS0001', 'Аркадий Сергеевич Волхонский', '1961-04-12', { nationalities: ['RU'] }),
  // Same name, contradicting birth dates: does not link.
  person('un:QDi.001', 'Ivan Petrov', '1970-01-01'),
  person('ofac:101', 'PETROV, Ivan', '1971-03-02'),
  // Same name and birth date, but the two records cite different UN references: never linked.
  person('eu:1', 'Omar Haddad', '1965-05-05', { identifiers: [{ scheme: 'un', value: 'QDi.002' }] }),
  person('uk:AQD0003', 'HADDAD, Omar', '1965-05-05', { identifiers: [{ scheme: 'un', value: 'QDi.003' }] }),
  // Would link by name and birth date; the operator judges ofac:102 and eu:2 different. eu:2 and icij:5 are
  // published as the same, so the name match ofac:102 ~ icij:5 would join the forbidden pair and is refused.
  person('ofac:102', 'Maria Lopez', '1980-02-02', { nationalities: ['ES'] }),
  person('eu:2', 'LOPEZ, Maria', '1980-02-02', { nationalities: ['ES'] }),
  person('icij:5', 'Maria LOPEZ', '1980-02-02'),
  {
    record: 'relationship',
    source: 'icij:5',
    target: 'eu:2',
    kind: 'identity',
    role: 'same-as',
    natures: ['name-transliteration'],
    provenance: provenance('icij:rel-5')[0]!,
  },
  // Nothing in common but an operator's word.
  {
    record: 'entity',
    id: 'ofac:103',
    type: 'company',
    name: 'Chen Wei Industrial Co',
    provenance: provenance('ofac:103'),
  },
  {
    record: 'entity',
    id: 'uk:CHN0001',
    type: 'company',
    name: 'Northwind Trading Ltd',
    provenance: provenance('uk:CHN0001'),
  },
];

const JUDGEMENTS = [
  '# operator judgements',
  JSON.stringify({ a: 'ofac:102', b: 'eu:2', judgement: 'different', note: 'different passports' }),
  '',
  JSON.stringify({ a: 'uk:CHN0001', b: 'ofac:103', judgement: 'same', note: 'renamed after listing' }),
  JSON.stringify({ a: 'ofac:999', b: 'eu:2', judgement: 'same' }),
].join('\n');

const t = tempDir('resolution');
const judgementsFile = path.join(t.dir, 'judgements.jsonl');
const build = async (name: string, options: Partial<BuildOptions> = {}): Promise<{ corpus: Corpus }> => {
  const full: BuildOptions = {
    out: path.join(t.dir, name),
    sources: [{ label: 'cases', records: RECORDS }],
    ...options,
  };
  await buildSnapshot(full);
  return { corpus: await loadSnapshot(full.out) };
};
const clusterOf = (corpus: Corpus, id: string): string => {
  const ix = corpus.entities.indexOf(id);
  assert.ok(ix !== undefined, id);
  return corpus.entities.record(corpus.entities.cluster(ix)).id;
};
const together = (corpus: Corpus, a: string, b: string): boolean => clusterOf(corpus, a) === clusterOf(corpus, b);

let judged: Corpus;
before(async () => {
  writeFileSync(judgementsFile, JUDGEMENTS);
  judged = (await build('judged', { judgements: judgementsFile })).corpus;
});
after(() => t.remove());

describe('cross-source resolution', () => {
  it('links names in different scripts and orders with equal birth dates, and not contradicting ones', async () => {
    const { corpus } = await build('plain');
    assert.ok(together(corpus, 'ofac:100', 'uk:RUS0001'));
    assert.ok(!together(corpus, 'un:QDi.001', 'ofac:101'));
    assert.ok(together(corpus, 'ofac:102', 'eu:2'), 'without judgements the name match links them');
  });

  it('never links records carrying different values of one identifier scheme', () => {
    assert.ok(!together(judged, 'eu:1', 'uk:AQD0003'));
  });

  it('identifier links alone when name matching is off', async () => {
    const { corpus } = await build('identifiers-only', { nameMatching: false });
    assert.ok(!together(corpus, 'ofac:100', 'uk:RUS0001'));
    assert.ok(together(corpus, 'eu:2', 'icij:5'), 'published identity links still apply');
  });

  it('applies judgements both ways: different refuses the weakest link of the chain, same forces a link', () => {
    assert.ok(!together(judged, 'ofac:102', 'eu:2'));
    assert.ok(!together(judged, 'ofac:102', 'icij:5'));
    assert.ok(together(judged, 'eu:2', 'icij:5'), 'the stronger published link stays');
    assert.ok(together(judged, 'ofac:103', 'uk:CHN0001'));
  });

  it('gives the same clusters when rebuilt with the same judgements file', async () => {
    const { corpus } = await build('rebuilt', { judgements: judgementsFile });
    for (const r of RECORDS)
      if (r.record === 'entity') assert.equal(clusterOf(corpus, r.id), clusterOf(judged, r.id), r.id);
  });

  it('shows how each record was linked, and how surely, in the dossier', async () => {
    const ctx: Context = testContext(judged, new Date('2026-11-22T12:00:00Z'));
    const linked = async (id: string) => (await dossier.run(ctx, parseInput(dossier, { id }))).identity.linked_records;
    const volkhonsky = await linked('uk:RUS0001');
    assert.equal(volkhonsky.length, 1);
    assert.equal(volkhonsky[0]?.id, 'ofac:100');
    assert.equal(volkhonsky[0]?.method, 'name+birth-date+nationality');
    assert.ok((volkhonsky[0]?.confidence ?? 0) >= 0.8 && (volkhonsky[0]?.confidence ?? 1) < 1);
    const operator = await linked('ofac:103');
    assert.deepEqual(
      operator.map((l) => [l.id, l.method, l.confidence]),
      [['uk:CHN0001', 'operator', 1]],
    );
  });

  it('reports a malformed judgement with its file and line, and a judgement naming an unknown record', async () => {
    const bad = path.join(t.dir, 'bad.jsonl');
    writeFileSync(
      bad,
      `${JSON.stringify({ a: 'ofac:1', b: 'eu:1', judgement: 'same' })}\n{"a": "ofac:1", "b": "eu:1", "judgement": "maybe"}\n`,
    );
    await assert.rejects(
      build('bad', { judgements: bad }),
      (err: unknown) => err instanceof JudgementsError && err.message.includes(`${bad}:2`),
    );
    const result = await buildSnapshot({
      out: path.join(t.dir, 'unknown'),
      sources: [{ label: 'cases', records: RECORDS }],
      judgements: judgementsFile,
    });
    assert.deepEqual(result.report.resolution?.unknownJudgements, [{ at: `${judgementsFile}:5`, id: 'ofac:999' }]);
    // The direct name match ofac:102 ~ eu:2, and the chain's weakest link ofac:102 ~ icij:5.
    assert.equal(result.report.resolution?.refusedByJudgement, 2);
  });
});
