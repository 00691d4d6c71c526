// `unshell snapshot build` as a user runs it: formats, --source and --config, the report table, bad and truncated files.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fixture, truncatedCopy } from '../../helpers/fixtures.js';
import { tempDir } from '../../helpers/snapshot.js';
import { runCli } from '../../helpers/cli.js';

/** The format names the command line accepts, as the documentation promises them. */
const FORMATS = [
  'ofac-csv',
  'ofac-xml',
  'ofac-enhanced-xml',
  'un-xml',
  'eu-xml',
  'uk-xml',
  'ftm',
  'opensanctions-targets-csv',
  'gleif-json',
  'gleif-xml',
  'gleif-rr',
  'gleif-exceptions',
  'ch-basic-csv',
  'ch-psc',
  'ch-api',
  'ch-officers',
  'ch-ixbrl',
  'icij-csv',
  'sec-tickers',
  'sirene',
  'cnpj',
];

describe('unshell snapshot formats', () => {
  it('lists exactly the documented formats', async () => {
    const run = await runCli(['snapshot', 'formats']);
    assert.equal(run.code, 0);
    const listed = run.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/)[0]);
    assert.deepEqual([...listed].sort(), [...FORMATS].sort());
  });
});

describe('unshell snapshot build', () => {
  const tmp = tempDir('cli-build');
  after(() => tmp.remove());

  it('builds from --config and --source together, reports each source and the bad rows with their place', async () => {
    const config = path.join(tmp.dir, 'build.json');
    writeFileSync(
      config,
      JSON.stringify({
        out: 'snap',
        retrieved_at: '2026-11-01',
        sources: [{ format: 'un-xml', path: fixture('un', 'consolidated.xml') }],
      }),
    );
    const run = await runCli([
      'snapshot',
      'build',
      '--config',
      config,
      '--source',
      `cnpj=${fixture('identifiers', 'cnpj')}`,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const row = (label: string): string[] =>
      run.stdout
        .split('\n')
        .find((l) => l.startsWith(label))
        ?.trim()
        .split(/\s{2,}/) ?? [];
    const cnpj = row('cnpj ');
    assert.ok(Number(cnpj[1]) > 0, run.stdout);
    assert.match(cnpj[4] ?? '', /^3 malformed source row/);
    assert.ok(Number(row('un-xml ')[2]) > 0);
    assert.match(run.stdout, /rejected .*EMPRECSV:3 field cnpj_basico/);
    assert.match(run.stdout, /snapshot [0-9a-f]{16}: \d+ entities/);
    // Not a terminal: plain progress lines, one per file read.
    assert.match(run.stderr, /read consolidated\.xml: \d+\.\d MB in \d+\.\d s/);
  });

  it('rebuilds the same snapshot from the import cache without parsing again, unless told not to', async () => {
    const args = [
      'snapshot',
      'build',
      '--out',
      path.join(tmp.dir, 'again'),
      '--source',
      `un-xml=${fixture('un', 'consolidated.xml')}`,
      '--source',
      `cnpj=${fixture('identifiers', 'cnpj')}`,
    ];
    const first = await runCli(args);
    const second = await runCli(args);
    const uncached = await runCli([...args, '--no-cache']);
    const id = (run: { stdout: string }): string | undefined => /snapshot ([0-9a-f]{16}):/.exec(run.stdout)?.[1];
    assert.equal(first.code, 0, first.stderr);
    assert.doesNotMatch(first.stderr, /import cache/);
    assert.equal((second.stderr.match(/read from the import cache/g) ?? []).length, 2, second.stderr);
    assert.doesNotMatch(uncached.stderr, /import cache/);
    assert.equal(id(second), id(first));
    assert.equal(id(uncached), id(first));
  });

  it('stops on a truncated XML file, naming it', async () => {
    const cut = truncatedCopy(fixture('un', 'consolidated.xml'));
    try {
      const run = await runCli([
        'snapshot',
        'build',
        '--out',
        path.join(tmp.dir, 'never'),
        '--source',
        `un-xml=${cut.file}`,
      ]);
      assert.equal(run.code, 1);
      assert.ok(run.stderr.includes(cut.file), run.stderr);
    } finally {
      cut.remove();
    }
  });

  it('stops on a file that is not the declared format, naming it', async () => {
    const csv = fixture('identifiers', 'StockUniteLegale.csv');
    const run = await runCli(['snapshot', 'build', '--out', path.join(tmp.dir, 'never'), '--source', `un-xml=${csv}`]);
    assert.equal(run.code, 1);
    assert.ok(run.stderr.includes(csv), run.stderr);
  });

  it('refuses an unknown format, a source without a path and a config file with a bad field', async () => {
    const unknown = await runCli(['snapshot', 'build', '--out', 'x', '--source', 'nope=file']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown source format "nope"/);
    const noPath = await runCli(['snapshot', 'build', '--out', 'x', '--source', 'un-xml']);
    assert.equal(noPath.code, 2);
    const config = path.join(tmp.dir, 'bad.json');
    writeFileSync(config, JSON.stringify({ out: 'x', sources: [{ format: 'un-xml' }] }));
    const bad = await runCli(['snapshot', 'build', '--config', config]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.json: field "sources\.0/);
  });
});
