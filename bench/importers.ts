// `npm run bench:importers`: throughput of every importer on the real samples, and full against cached rebuilds.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORTERS } from '../snapshots/importers/registry.js';
import { writeSection } from './results-file.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = path.resolve(repo, '..', 'shared', 'data');
const CLI = path.join(repo, 'dist', 'server', 'cli', 'main.js');

/** The input each importer is measured on: a real sample from ../shared/data, or (no public sample) a fixture. */
const INPUTS: Record<string, string> = {
  'ofac-csv': path.join(shared, 'ofac', 'legacy_csv_2021-07-07'),
  'ofac-xml': path.join(shared, 'ofac', 'consolidated_nonsdn_2025-06-30.xml'),
  'ofac-enhanced-xml': path.join(shared, 'ofac', 'enhanced_xml_sdn_irgc_2024-08-28.xml'),
  'un-xml': path.join(shared, 'un', 'consolidated_2026-02-27.xml'),
  'eu-xml': path.join(shared, 'eu', 'eu_fsf_export_extract_5_entities.xml'),
  'uk-xml': path.join(shared, 'uk', 'UK_Sanctions_List_extract_5_designations.xml'),
  ftm: path.join(shared, 'opensanctions', 'yente-fixture-zala', 'entities.ftm.json'),
  'opensanctions-targets-csv': path.join(shared, 'opensanctions', 'ua_war_sanctions_2026-03-13', 'targets.simple.csv'),
  'gleif-json': path.join(shared, 'gleif', 'golden-copy-json'),
  'gleif-xml': path.join(shared, 'gleif', 'lei-cdf-xml', '20180901-gleif-concatenated-file-lei2-Top10.xml'),
  'gleif-rr': path.join(repo, 'test', 'fixtures', 'gleif', 'rr.xml'),
  'gleif-exceptions': path.join(repo, 'test', 'fixtures', 'gleif', 'repex.xml'),
  'ch-basic-csv': path.join(
    shared,
    'companies-house',
    'basic',
    'relately-fixtures',
    'prod217_BasicCompanyData_sample.csv',
  ),
  'ch-psc': path.join(repo, 'test', 'fixtures', 'companies-house', 'psc-snapshot.txt'),
  'ch-api': path.join(shared, 'companies-house', 'api', 'rest'),
  'ch-officers': path.join(shared, 'companies-house', 'officers', 'prod198_officers_update_sample.dat'),
  'ch-ixbrl': path.join(shared, 'companies-house', 'accounts'),
  'icij-csv': path.join(shared, 'icij', 'offshoreleaks-full-oldb'),
  'sec-tickers': path.join(shared, 'identifiers', 'sec-cik', 'company_tickers.json'),
  sirene: path.join(shared, 'identifiers', 'fr-sirene', 'StockUniteLegale_head_sample.csv'),
  cnpj: path.join(shared, 'identifiers', 'br-cnpj-receita-federal'),
};

/** Where an input is, as a reader of the results finds it: under ../shared/data, or in the repository. */
const shown = (input: string): string =>
  input.startsWith(shared) ? `../shared/data/${path.relative(shared, input)}` : path.relative(repo, input);

function bytesOf(input: string): number {
  const info = statSync(input);
  if (!info.isDirectory()) return info.size;
  return readdirSync(input, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((n, e) => n + statSync(path.join(e.parentPath, e.name)).size, 0);
}

interface Throughput {
  format: string;
  input: string;
  bytes: number;
  records: number;
  passes: number;
  ms: number;
}

/** Reads the input again and again until a second has passed, so that small samples still give a rate. */
async function measure(format: string, input: string): Promise<Throughput> {
  const importer = IMPORTERS.find((i) => i.format === format);
  if (importer === undefined) throw new Error(`no importer ${format}`);
  const options = { retrievedAt: '2026-11-01' };
  for await (const item of importer.read(input, options)) void item; // warm-up
  let records = 0;
  let passes = 0;
  const started = process.hrtime.bigint();
  let ms = 0;
  while (ms < 1000 || passes < 3) {
    for await (const item of importer.read(input, options)) if (!('problem' in item)) records += 1;
    passes += 1;
    ms = Number(process.hrtime.bigint() - started) / 1e6;
  }
  return { format, input, bytes: bytesOf(input), records: records / passes, passes, ms };
}

function cliBuild(args: string[]): number {
  const started = Date.now();
  execFileSync(process.execPath, [CLI, 'snapshot', 'build', ...args], { stdio: ['ignore', 'ignore', 'ignore'] });
  return Date.now() - started;
}

/** A build of every sample: from scratch, then after one source changed with the import cache, and without it. */
function rebuilds(): string {
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-bench-import-'));
  try {
    const cnpj = path.join(work, 'cnpj');
    cpSync(INPUTS.cnpj as string, cnpj, { recursive: true });
    const sources = Object.entries(INPUTS).flatMap(([format, input]) => [
      '--source',
      `${format}=${format === 'cnpj' ? cnpj : input}`,
    ]);
    const out = path.join(work, 'snap');
    const cold = cliBuild(['--out', out, '--retrieved-at', '2026-11-01', ...sources]);
    appendFileSync(
      path.join(cnpj, 'EMPRECSV.csv'),
      '"99887766";"NOVA EMPRESA LTDA";"2062";"49";"0,00";"01";""\n',
      'latin1',
    );
    const warm = cliBuild(['--out', out, '--retrieved-at', '2026-11-01', ...sources]);
    const uncached = cliBuild(['--out', out, '--retrieved-at', '2026-11-01', '--no-cache', ...sources]);
    return [
      '| snapshot build of every sample above | time |',
      '|---|---:|',
      `| first build (every source parsed, cache filled) | ${(cold / 1000).toFixed(1)} s |`,
      `| rebuild after one source (cnpj) changed: only it is parsed | ${(warm / 1000).toFixed(1)} s |`,
      `| the same rebuild with \`--no-cache\` | ${(uncached / 1000).toFixed(1)} s |`,
    ].join('\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(shared)) {
    console.error(`[bench] ${shared} is absent: importer throughput needs the shared sample files; skipped`);
    return;
  }
  const rows: string[] = [
    '| format | input | size | records per pass | passes | records/s | MB/s |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const [format, input] of Object.entries(INPUTS)) {
    const t = await measure(format, input);
    const perS = (t.records * t.passes) / (t.ms / 1000);
    const mbS = (t.bytes * t.passes) / 2 ** 20 / (t.ms / 1000);
    rows.push(
      `| \`${format}\` | ${shown(input)} | ${(t.bytes / 1024).toFixed(0)} KiB | ${t.records.toLocaleString('en')} | ${t.passes} | ${Math.round(perS).toLocaleString('en')} | ${mbS.toFixed(1)} |`,
    );
    console.error(`[bench] ${format}: ${Math.round(perS)} records/s`);
  }
  const when = new Date().toISOString().slice(0, 10);
  const md = [
    '## Importers',
    '',
    `Measured ${when} with \`npm run bench:importers\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node.js ${process.version}. ` +
      'Each importer reads its input in-process again and again for at least a second (after one warm-up pass); records/s counts the ' +
      'normalised records it yields (entities, relationships, listings, statements, financials, events). Inputs are the real samples ' +
      'of `../shared/data`, or a test fixture in the real format where no public sample exists. The samples are small, so these are ' +
      'parsing rates with warm file caches, not disk-bound rates of the full publications.',
    '',
    rows.join('\n'),
    '',
    rebuilds(),
  ].join('\n');
  writeSection('importers', md);
  console.log(md);
}

await main();
