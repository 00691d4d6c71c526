// Every real sample file of ../shared/data with --demo, built by the CLI and served by `unshell serve --snapshot`.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sharedData, skipUnlessShared } from '../../helpers/shared-data.js';
import { getJson, tempDir } from '../../helpers/snapshot.js';
import { CLI, runCli, untilReady } from '../../helpers/cli.js';

/** Each readable sample with its format. PSC: the raw snapshot line (the Open Ownership fixtures are JSON arrays, not snapshot files). */
const SOURCES: Array<[string, string[]]> = [
  ['ofac-csv', ['ofac', 'legacy_csv_2021-07-07']],
  ['ofac-csv', ['ofac', 'cons_csv_2025-12-19']],
  ['ofac-xml', ['ofac', 'consolidated_nonsdn_2025-06-30.xml']],
  ['ofac-enhanced-xml', ['ofac', 'enhanced_xml_sdn_irgc_2024-08-28.xml']],
  ['un-xml', ['un', 'consolidated_2026-02-27.xml']],
  ['eu-xml', ['eu', 'eu_fsf_export_extract_5_entities.xml']],
  ['uk-xml', ['uk', 'UK_Sanctions_List_extract_5_designations.xml']],
  ['ftm', ['opensanctions', 'yente-fixture-zala', 'entities.ftm.json']],
  ['ftm', ['opensanctions', 'yente-fixture-t1', 'entities.ftm.json']],
  ['opensanctions-targets-csv', ['opensanctions', 'ua_war_sanctions_2026-03-13', 'targets.simple.csv']],
  ['gleif-json', ['gleif', 'golden-copy-json']],
  ['gleif-json', ['gleif', 'api-v1-json']],
  ['gleif-xml', ['gleif', 'lei-cdf-xml', '20180901-gleif-concatenated-file-lei2-Top10.xml']],
  ['ch-basic-csv', ['companies-house', 'basic', 'relately-fixtures', 'prod217_BasicCompanyData_sample.csv']],
  ['ch-api', ['companies-house', 'api', 'rest']],
  ['ch-officers', ['companies-house', 'officers', 'prod198_officers_update_sample.dat']],
  ['ch-psc', ['companies-house', 'psc', 'ch-guide-excerpts', 'psc-snapshot-sample-line.jsonl']],
  ['ch-ixbrl', ['companies-house', 'accounts']],
  ['icij-csv', ['icij', 'offshoreleaks-full-oldb']],
  ['icij-csv', ['icij', 'panama-papers-2016-format']],
  ['sec-tickers', ['identifiers', 'sec-cik', 'company_tickers.json']],
  ['sirene', ['identifiers', 'fr-sirene', 'StockUniteLegale_head_sample.csv']],
  ['cnpj', ['identifiers', 'br-cnpj-receita-federal']],
];

function serve(snapshot: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, 'serve', '--snapshot', snapshot, '--port', '0', '--data-dir', dataDir],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    child.stderr?.on('data', (c: Buffer) => {
      log += c.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(log);
      if (m !== null) resolve({ child, base: m[1] as string });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${log}`)));
  });
}

describe('a snapshot of all the shared sample data with the demo corpus', { skip: skipUnlessShared('ofac') }, () => {
  const tmp = tempDir('all-shared');
  let server: { child: ChildProcess; base: string } | null = null;
  let api = '';
  const get = <T>(p: string): Promise<T> =>
    getJson<T>(`${api}${p}`).then((r) => {
      assert.equal(r.status, 200, `${p}: ${JSON.stringify(r.body)}`);
      return r.body;
    });
  const searchIds = async (q: string): Promise<string[]> =>
    (await get<{ hits: Array<{ id: string }> }>(`/entity/search?q=${encodeURIComponent(q)}&limit=5`)).hits.map(
      (h) => h.id,
    );

  before(async () => {
    const config = path.join(tmp.dir, 'all.json');
    const sources = SOURCES.map(([format, parts]) => ({ format, path: sharedData(...parts) as string }));
    writeFileSync(config, JSON.stringify({ out: 'snap', demo: true, retrieved_at: '2026-11-01', sources }));
    const build = await runCli(['snapshot', 'build', '--config', config]);
    assert.equal(build.code, 0, build.stderr);
    server = await serve(path.join(tmp.dir, 'snap'), path.join(tmp.dir, 'data'));
    api = `${server.base}/api/public`;
    await untilReady(server.base);
  });
  after(() => {
    server?.child.kill('SIGTERM');
    tmp.remove();
  });

  it('finds sanctions entries of every list by name and by alias', async () => {
    assert.ok((await searchIds('AIGLE BLANC')).includes('un:CDi.002'), 'UN alias');
    assert.ok((await searchIds('Frank Kakolele Bwambale')).includes('un:CDi.002'), 'UN name');
    assert.ok((await searchIds('ABU TAIR Mohammed Mahmud')).includes('ofac:9640'), 'OFAC consolidated alias');
    assert.ok((await searchIds('NATIONAL BANK OF CUBA')).includes('ofac:306'), 'OFAC legacy CSV alias');
    assert.ok((await searchIds('Ali Salem')).includes('eu:191'), 'EU alias');
    assert.ok((await searchIds('MOHAMMAD HASSAN AKHUND')).includes('uk:AFG0006'), 'UK name');
  });

  it('shows the OFAC Enhanced XML relationships as connections, both ways', async () => {
    const bank = await get<{ connections: Array<{ role: string; direction: string; other: { id: string } }> }>(
      '/entity/ofac:12478',
    );
    assert.ok(
      bank.connections.some(
        (c) => c.other.id === 'ofac:26527' && c.direction === 'out' && c.role === 'Owned or Controlled By',
      ),
    );
    assert.ok(
      bank.connections.some(
        (c) => c.other.id === 'ofac:26526' && c.direction === 'in' && c.role === 'Acting for or on behalf of',
      ),
    );
  });

  it('serves iXBRL figures as financials of their company number', async () => {
    const f = await get<{
      periods: Array<{ period_end: string; net_assets: number | null; employees: number | null }>;
    }>('/financials/gb-coh:00390616');
    const latest = f.periods[0];
    assert.equal(latest?.period_end, '2020-12-31');
    assert.equal(latest?.net_assets, 18297298);
    assert.equal(latest?.employees, 21);
  });

  it('walks GLEIF parents as parent hops of the ownership path', async () => {
    const p = await get<{ hops: Array<{ depth: number; kind: string; role: string; to: { id: string } }> }>(
      '/ownership-path?root=lei:549300O897ZC5H7CY412',
    );
    assert.ok(
      p.hops.some(
        (h) =>
          h.depth === 1 && h.kind === 'parent' && h.role === 'direct-parent' && h.to.id === 'lei:549300OWK6ZGNYP4G142',
      ),
    );
  });

  it('finds registry records by their identifiers, and keeps the demo investigations', async () => {
    const cnpj = await get<{ entity: { id: string } }>('/by-identifier?scheme=br-cnpj&value=13.810.056/0001-53');
    assert.equal(cnpj.entity.id, 'br-cnpj:13810056');
    const stats = await get<{ sources: Array<{ code: string }> }>('/stats');
    for (const code of [
      'ofac',
      'un',
      'eu',
      'uk',
      'opensanctions',
      'gleif',
      'gb-coh',
      'icij',
      'sec',
      'siren',
      'br-cnpj',
      'demo',
    ]) {
      assert.ok(
        stats.sources.some((s) => s.code === code),
        code,
      );
    }
  });
});
