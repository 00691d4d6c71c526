// `unshell screen` as a compliance analyst runs it: a list in, results with their audit trail out, bad rows named.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../helpers/cli.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

const LIST = [
  'Ref,Full Name,Birth,Nationality,Type',
  'c-1,Arkadiy Volkhonskiy,1961,Russia,person',
  'c-2,Kestrel Wharf Properties Ltd,,,company',
  'c-3,,1970,,person',
  'c-4,Someone Else,1965,Narnia,person',
  'c-5,Nobody Inparticular,1980,gb,person',
].join('\n');

interface ResultRow {
  line: string;
  row_id: string;
  name: string;
  match: string;
  matched_id: string;
  error: string;
  snapshot_id: string;
  lists: string;
}

describe('unshell screen', () => {
  const tmp = tempDir('cli-screen');
  const snapshot = path.join(tmp.dir, 'snap');
  const list = path.join(tmp.dir, 'list.csv');
  before(async () => {
    await buildTestSnapshot(snapshot, investigationsOnly());
    writeFileSync(list, LIST);
  });
  after(() => tmp.remove());

  it('screens a CSV with mapped columns, writes a result per row with the snapshot and list dates, and sums up', async () => {
    const out = path.join(tmp.dir, 'results.csv');
    const columns = 'name=Full Name,dob=Birth,nationality=Nationality,schema=Type,id=Ref';
    const r = await runCli(['screen', '--in', list, '--out', out, '--snapshot', snapshot, '--columns', columns]);
    // Two rows could not be screened: exit status 1, the others screened all the same.
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /screened 3 of 5 rows in [\d.]+ s \([\d,]+ rows\/s\) against snapshot \w+: 2 matched, 2 could not be screened/,
    );
    const rows = parse<ResultRow>(readFileSync(out), { columns: true });
    assert.deepEqual(
      rows.map((x) => [x.row_id, x.match, x.matched_id]),
      [
        ['c-1', 'true', 'ofac:9900001'],
        ['c-2', 'true', 'gb-coh:99000001'],
        ['c-3', '', ''],
        ['c-4', '', ''],
        ['c-5', 'false', ''],
      ],
    );
    assert.match(rows[2]?.error ?? '', /^line 4: the name \(column "Full Name"\) is empty$/);
    assert.match(rows[3]?.error ?? '', /^line 5: nationality.*"Narnia" is not a country/);
    for (const row of rows) {
      assert.match(row.snapshot_id, /^[0-9a-f]{16}$/);
      assert.match(row.lists, /^demo \d{4}-\d\d-\d\d$/);
    }
  });

  it('writes JSON lines with every candidate and its explanations', async () => {
    const jsonl = path.join(tmp.dir, 'list.jsonl');
    writeFileSync(jsonl, '{"name": "Arkadiy Volkhonskiy", "dob": "1961-04-12"}\n{"name": 7}\n{"nope": true}\n');
    const r = await runCli(['screen', '--in', jsonl, '--snapshot', snapshot, '--candidates', '2', '--json']);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.length, 3);
    const first = lines[0] as { match: boolean; candidates: Array<{ id: string; explanations: object }> };
    assert.equal(first.match, true);
    assert.ok(first.candidates.length <= 2 && first.candidates[0]?.id === 'ofac:9900001');
    assert.ok(Object.keys(first.candidates[0]?.explanations ?? {}).includes('birth_date'));
    assert.match(String(lines[2]?.['error']), /line 3: "nope" must be a string/);
    const summary = JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '{}') as { rows: number; errors: number };
    assert.deepEqual([summary.rows, summary.errors], [3, 1]);
  });

  it('refuses a mapping to a column the file lacks, and bad flags, with exit status 2 and the column named', async () => {
    const r = await runCli(['screen', '--in', list, '--snapshot', snapshot, '--columns', 'name=Name of Party']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /name is mapped to the column "Name of Party", which the file does not have/);
    for (const [args, pattern] of [
      [['--threshold', '2'], /--threshold <x>' argument '2' is invalid\. It must be a number from 0 to 1/],
      [['--candidates', '99'], /--candidates must be at most 20/],
      [['--columns', 'colour=Red'], /not FIELD=Header/],
      [['--in-format', 'xml'], /--in-format <format>' argument 'xml' is invalid\. Allowed choices are csv, jsonl/],
    ] as const) {
      const bad = await runCli(['screen', '--in', list, '--snapshot', snapshot, ...args]);
      assert.equal(bad.code, 2, bad.stderr);
      assert.match(bad.stderr, pattern);
    }
    const missing = await runCli(['screen', '--in', path.join(tmp.dir, 'nope.csv'), '--snapshot', snapshot]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^unshell: --in \S*nope\.csv: no such file\n$/);
  });
});
