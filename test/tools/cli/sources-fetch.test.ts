// `unshell sources fetch` against a local stand-in for the publishers, then `unshell snapshot build --sources`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { PublishersStandIn } from '../../helpers/publishers-stand-in.js';
import { sharedData, skipUnlessShared } from '../../helpers/shared-data.js';

/** Each file under its publisher's own path, as the catalog's addresses name them. */
const PATHS = {
  ofac: '/api/PublicationPreview/exports/SDN.XML',
  un: '/resources/xml/en/consolidated.xml',
  icij: '/offshoreleaks/csv/full-oldb.LATEST.zip',
  chPage: '/en_output.html',
  ch: '/BasicCompanyDataAsOneFile-2026-11-01.zip',
  pscPage: '/en_pscdata.html',
  psc: '/persons-with-significant-control-snapshot-2026-11-26.zip',
};

interface FetchOutcome {
  id: string;
  outcome: string;
  path: string | null;
  detail: string | null;
}

const skip = skipUnlessShared('icij', 'panama-papers-2016-format');

describe('unshell sources fetch', { skip }, () => {
  let standIn: PublishersStandIn;
  let work: string;
  let env: Record<string, string>;
  const dir = (): string => path.join(work, 'sources');
  const fetch = async (): Promise<{ code: number; files: Map<string, FetchOutcome>; stderr: string }> => {
    const r = await runCli(
      ['sources', 'fetch', '--only', 'ofac,un,icij,ch,psc,officers', '--dir', dir(), '--json'],
      env,
    );
    const parsed = JSON.parse(r.stdout || '{"files":[]}') as { files: FetchOutcome[] };
    return { code: r.code, files: new Map(parsed.files.map((f) => [f.id, f])), stderr: r.stderr };
  };

  before(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'unshell-sources-'));
    standIn = await PublishersStandIn.start();
    const shared = (...parts: string[]): string => sharedData(...parts) ?? assert.fail(`no ${parts.join('/')}`);
    standIn.serveFile(PATHS.ofac, shared('ofac', 'consolidated_nonsdn_2025-06-30.xml'), 'application/xml');
    standIn.serveFile(PATHS.un, shared('un', 'consolidated_2026-02-27.xml'), 'application/xml');
    const panama = shared('icij', 'panama-papers-2016-format');
    await standIn.serveZip(
      PATHS.icij,
      Object.fromEntries(
        [
          'Entities_mini.csv',
          'Officers_mini.csv',
          'Intermediaries_mini.csv',
          'Addresses_medium.csv',
          'all_edges_mini.csv',
        ].map((f) => [f, path.join(panama, f)]),
      ),
    );
    // The registry's download pages link to the current file among older ones.
    standIn.serve(
      PATHS.chPage,
      '<ul><li><a href="BasicCompanyDataAsOneFile-2026-10-01.zip">October</a></li>' +
        '<li><a href="BasicCompanyDataAsOneFile-2026-11-01.zip">November</a></li></ul>',
      'text/html',
    );
    await standIn.serveZip(PATHS.ch, {
      'BasicCompanyDataAsOneFile-2026-11-01.csv': shared(
        'companies-house',
        'basic',
        'relately-fixtures',
        'prod217_BasicCompanyData_sample.csv',
      ),
    });
    standIn.serve(
      PATHS.pscPage,
      '<a href="/persons-with-significant-control-snapshot-2026-11-26.zip">persons-with-significant-control-snapshot-2026-11-26.zip</a>',
      'text/html',
    );
    await standIn.serveZip(PATHS.psc, {
      'psc-snapshot-2026-11-26_1of1.txt': shared(
        'companies-house',
        'psc',
        'ch-guide-excerpts',
        'psc-snapshot-sample-line.jsonl',
      ),
    });
    env = {
      UNSHELL_SANCTIONS_OFAC_URL: `${standIn.origin}${PATHS.ofac}`,
      UNSHELL_SANCTIONS_UN_URL: `${standIn.origin}${PATHS.un}`,
      UNSHELL_SOURCE_ICIJ_URL: `${standIn.origin}${PATHS.icij}`,
      UNSHELL_SOURCE_CH_URL: `${standIn.origin}${PATHS.chPage}`,
      UNSHELL_SOURCE_PSC_URL: `${standIn.origin}${PATHS.pscPage}`,
    };
  });

  after(async () => {
    await standIn.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Bytes of the cut download the first fetch kept, and the second resumes after. */
  let kept = -1;

  it('fetches every file, and a cut download fails alone, leaving what it received', async () => {
    standIn.cutNext(PATHS.icij, 200_000);
    const first = await fetch();
    assert.equal(first.code, 1, first.stderr);
    assert.equal(first.files.get('icij')?.outcome, 'failed');
    const cut = /cut off after ([\d,]+) (?:of [\d,]+ )?bytes.*resumes there/.exec(
      first.files.get('icij')?.detail ?? '',
    );
    assert.ok(cut !== null, first.files.get('icij')?.detail ?? 'no detail');
    // What reached the client before the connection dropped: all 200,000 bytes sent, or less when the reset of a
    // busy machine discards some still in flight.
    kept = Number(cut[1]?.replaceAll(',', ''));
    assert.ok(kept > 0 && kept <= 200_000, `kept ${kept} bytes`);
    for (const id of ['ofac', 'un', 'ch', 'psc']) assert.equal(first.files.get(id)?.outcome, 'fetched', id);
    assert.equal(first.files.get('officers')?.outcome, 'no address');
    assert.match(first.files.get('officers')?.detail ?? '', /UNSHELL_SOURCE_OFFICERS_URL/);
    // The current file of each download page, unpacked; the sanctions lists as published.
    assert.equal(
      first.files.get('ch')?.path,
      path.join('ch', 'BasicCompanyDataAsOneFile', 'BasicCompanyDataAsOneFile-2026-11-01.csv'),
    );
    assert.deepEqual(readFileSync(path.join(dir(), 'un', 'un.xml')), standIn.body(PATHS.un));
  });

  it('resumes the cut download with a range request, and asks for the others only if they changed', async () => {
    const before = standIn.seen.length;
    const second = await fetch();
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.files.get('icij')?.outcome, 'resumed');
    for (const id of ['ofac', 'un', 'ch', 'psc']) assert.equal(second.files.get(id)?.outcome, 'unchanged', id);
    const asked = standIn.seen.slice(before);
    const icij = asked.find((r) => r.path === PATHS.icij);
    assert.equal(icij?.range, `bytes=${kept}-`);
    assert.equal(icij?.status, 206);
    assert.equal(asked.find((r) => r.path === PATHS.un)?.status, 304);
    const manifest = JSON.parse(readFileSync(path.join(dir(), 'sources.json'), 'utf8')) as {
      files: Array<{ id: string; path: string; bytes: number; digest_checked: boolean }>;
    };
    const entry = manifest.files.find((f) => f.id === 'icij');
    assert.equal(entry?.bytes, standIn.body(PATHS.icij).length);
    assert.equal(entry?.digest_checked, true);
    assert.equal(entry?.path, path.join('icij', 'full-oldb'));
  });

  it('fetches again only the file its publisher changed', async () => {
    const changed = `${standIn.body(PATHS.un).toString('utf8')}\n<!-- republished -->\n`;
    standIn.serve(PATHS.un, changed, 'application/xml');
    const third = await fetch();
    assert.equal(third.code, 0, third.stderr);
    assert.equal(third.files.get('un')?.outcome, 'fetched');
    for (const id of ['ofac', 'icij', 'ch', 'psc']) assert.equal(third.files.get(id)?.outcome, 'unchanged', id);
    assert.equal(readFileSync(path.join(dir(), 'un', 'un.xml'), 'utf8'), changed);
  });

  it('builds a snapshot from the folder, each file read by the importer its manifest names', async () => {
    const out = path.join(work, 'snapshot');
    const r = await runCli(['snapshot', 'build', '--sources', dir(), '--out', out, '--embed', '0', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
      sources: Array<{ code: string; records: number }>;
    };
    const codes = new Set(manifest.sources.filter((s) => s.records > 0).map((s) => s.code));
    for (const code of ['ofac', 'un', 'icij', 'gb-coh'])
      assert.ok(codes.has(code), `${code} in ${[...codes].join(', ')}`);
  });

  it("fetches GLEIF's golden copy through the redirect of its latest address, and builds its LEI records", async () => {
    const gleifDir = path.join(work, 'gleif-sources');
    const publishes = '/api/v2/golden-copies/publishes';
    const file = '/storage/golden-copy-files/2024/05/05/20240505-0000-gleif-goldencopy-lei2-intra-day.json.zip';
    standIn.redirect(`${publishes}/lei2/latest.json`, file);
    const golden = sharedData('gleif', 'golden-copy-json', '20240505-0000-gleif-goldencopy-lei2-intra-day.json');
    await standIn.serveZip(file, {
      '20240505-0000-gleif-goldencopy-lei2-intra-day.json': golden ?? assert.fail('no GLEIF golden copy sample'),
    });
    // The relationship and exception files have no sample small enough to keep: their addresses answer 404 here.
    const gleifEnv = Object.fromEntries(
      ['LEI2', 'RR', 'REPEX'].map((id) => [
        `UNSHELL_SOURCE_GLEIF_${id}_URL`,
        `${standIn.origin}${publishes}/${id.toLowerCase()}/latest.${id === 'LEI2' ? 'json' : 'xml'}`,
      ]),
    );
    const run = async (): Promise<Map<string, FetchOutcome>> => {
      const r = await runCli(['sources', 'fetch', '--only', 'gleif', '--dir', gleifDir, '--json'], gleifEnv);
      assert.equal(r.code, 1, 'two of the three files are not published here');
      return new Map((JSON.parse(r.stdout) as { files: FetchOutcome[] }).files.map((f) => [f.id, f]));
    };
    const first = await run();
    assert.equal(first.get('gleif-lei2')?.outcome, 'fetched');
    for (const id of ['gleif-rr', 'gleif-repex']) assert.match(first.get(id)?.detail ?? '', /HTTP 404/, id);
    assert.equal((await run()).get('gleif-lei2')?.outcome, 'unchanged');
    const out = path.join(work, 'gleif-snapshot');
    const built = await runCli(['snapshot', 'build', '--sources', gleifDir, '--out', out, '--embed', '0', '--json']);
    assert.equal(built.code, 0, built.stderr);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
      sources: Array<{ code: string; records: number }>;
    };
    const gleif = manifest.sources.find((s) => s.code === 'gleif');
    assert.ok((gleif?.records ?? 0) >= 500, `${gleif?.records ?? 0} GLEIF records built`);
  });

  it('refuses an unknown source and a folder that was never fetched into', async () => {
    const unknown = await runCli(['sources', 'fetch', '--only', 'ofac,opencorporates', '--dir', dir()]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--only takes ch, psc, officers, gleif, icij, ofac, un, eu, uk, got "opencorporates"/);
    const empty = mkdtempSync(path.join(work, 'empty-'));
    const build = await runCli(['snapshot', 'build', '--sources', empty, '--out', path.join(work, 'never')]);
    assert.equal(build.code, 2);
    assert.match(build.stderr, /run unshell sources fetch --dir .* first/);
  });
});
