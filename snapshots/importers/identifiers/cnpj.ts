// Receita Federal "Dados Abertos do CNPJ": companies, head offices and partners (sócios) of a monthly release folder.
//
// Quirks handled here: no header, `;`-separated, every cell quoted, ISO-8859-1; dates YYYYMMDD with 0 for none;
// money with a decimal comma; the official files are named like `K3241.K03200Y0.D50110.EMPRECSV` (and split into
// Empresas0…9 zips), re-published copies as `EMPRECSV.csv`, so files are found by the table name they contain.
// A company (EMPRECSV) and its head office (ESTABELE, matriz) are two records with one id, `br-cnpj:<cnpj básico>`,
// which the builder merges, so no file is held in memory; branches (filiais) are not separate entities.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RecordInput } from '../importer.js';
import { ImportError, defineImporter, type Located } from '../importer.js';
import { csvRows } from '../common/csv-rows.js';
import { ymdDate } from '../../../engine/sources/record-dates.js';
import { addressLine, distinct, provenance } from '../common/provenance.js';
import { isValidCnpj } from '../../../engine/identifiers/check-digits.js';
import { cnpjPartner, type Lookups } from './cnpj-partners.js';

const DATASET_URL = 'https://dados.gov.br/dados/conjuntos-dados/cadastro-nacional-da-pessoa-juridica---cnpj';
/** The Receita's own registration-certificate page, which takes the CNPJ as a parameter. */
export const cnpjUrl = (cnpj14: string): string =>
  `https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp?cnpj=${cnpj14}`;

const TABLES = [
  'EMPRECSV',
  'ESTABELE',
  'SOCIOCSV',
  'NATJUCSV',
  'QUALSCSV',
  'PAISCSV',
  'MUNICCSV',
  'CNAECSV',
  'MOTICSV',
] as const;
type Table = (typeof TABLES)[number];

/** Files of each table in the folder, by the table name in the file name, in name order. */
function tableFiles(dir: string): Map<Table, string[]> {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory())
      throw new ImportError(
        dir,
        'cnpj reads a folder of the release files (EMPRECSV, ESTABELE, SOCIOCSV and the lookup tables)',
      );
    names = readdirSync(dir).sort();
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(dir, 'no such folder');
  }
  const out = new Map<Table, string[]>();
  for (const name of names) {
    const table = TABLES.find((t) => name.toUpperCase().includes(t));
    if (table !== undefined) out.set(table, [...(out.get(table) ?? []), path.join(dir, name)]);
  }
  if (!out.has('EMPRECSV') && !out.has('ESTABELE') && !out.has('SOCIOCSV')) {
    throw new ImportError(dir, 'no EMPRECSV, ESTABELE or SOCIOCSV file in this folder: not a CNPJ release');
  }
  return out;
}

const rows = (file: string): ReturnType<typeof csvRows> =>
  csvRows(file, { encoding: 'latin1', delimiter: ';', relaxQuotes: true });

/** A `code;description` lookup table, whole (the largest, municipalities, has ~5,600 rows). */
async function lookup(files: readonly string[] | undefined): Promise<Map<string, string>> {
  const table = new Map<string, string>();
  for (const file of files ?? [])
    for await (const row of rows(file))
      if (row.cells.length >= 2) table.set((row.cells[0] ?? '').trim(), (row.cells[1] ?? '').trim());
  return table;
}

/** Checks a row's width and its cnpj_básico; a problem names the field at fault. */
function checkRow(cells: readonly string[], width: number): { field: string; problem: string } | null {
  if (cells.length !== width) return { field: '(row)', problem: `${cells.length} columns, expected ${width}` };
  if (!/^[0-9A-Z]{8}$/.test(cells[0] ?? ''))
    return { field: 'cnpj_basico', problem: `not a CNPJ root (8 characters): "${cells[0] ?? ''}"` };
  return null;
}

const PORTE: Record<string, string> = {
  '00': 'size not reported',
  '01': 'micro company',
  '03': 'small company',
  '05': 'other size',
};
/** Situação cadastral: 02 ativa; 08 baixada (closed); 01 nula, 03 suspensa, 04 inapta. */
const SITUACAO: Record<string, string> = {
  '01': 'null',
  '02': 'active',
  '03': 'suspended',
  '04': 'unfit',
  '08': 'closed',
};
const formatMoney = (raw: string): string | null => {
  const n = Number(raw.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n)
    ? `BRL ${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : null;
};
/** Individual entrepreneurs (MEI) are registered under their name followed by their CPF: the CPF is not part of the name. */
const withoutCpf = (name: string): string => name.replace(/\s+\d{11}$/, '').trim();

function company(c: readonly string[], at: string, natureza: ReadonlyMap<string, string>, asOf: string): Located {
  const [basico = '', razao = '', naturezaCode = '', , capital = '', porte = ''] = c;
  const name = withoutCpf(razao);
  if (name === '') return { at, field: 'razao_social', problem: 'no company name' };
  const nature = natureza.get(naturezaCode) ?? (naturezaCode === '' ? null : `legal nature ${naturezaCode}`);
  const money = capital === '' ? null : formatMoney(capital);
  const record: RecordInput = {
    record: 'entity',
    id: `br-cnpj:${basico}`,
    type: 'company',
    name,
    jurisdiction: 'BR',
    description:
      distinct([nature, PORTE[porte] ?? null, money === null ? null : `share capital ${money}`]).join('; ') || null,
    company: { company_number: basico, company_type: nature },
    provenance: [provenance('br-cnpj', basico, DATASET_URL, asOf)],
  };
  return { at, record };
}

function headOffice(c: readonly string[], at: string, l: Lookups, asOf: string): Located | null {
  const [
    basico = '',
    ordem = '',
    dv = '',
    matriz = '',
    fantasia = '',
    situacao = '',
    dataSituacao = '',
    motivo = '',
    cidadeExterior = '',
    pais = '',
    inicio = '',
    cnae = '',
    cnaes = '',
  ] = c;
  // Branches (2) share the company's root; only the head office (1) describes the company itself.
  if (matriz !== '1') return null;
  const cnpj14 = `${basico}${ordem}${dv}`;
  if (!isValidCnpj(cnpj14)) return { at, field: 'cnpj_dv', problem: `not a valid CNPJ (check digits): "${cnpj14}"` };
  const [
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    ,
    tipo = '',
    logradouro = '',
    numero = '',
    complemento = '',
    bairro = '',
    cep = '',
    uf = '',
    municipio = '',
  ] = c;
  const country = pais === '' ? null : (l.paises.get(pais) ?? null);
  const address = addressLine([
    distinct([tipo, logradouro]).join(' '),
    numero,
    complemento,
    bairro,
    l.municipios.get(municipio) ?? null,
    cidadeExterior,
    uf,
    cep,
    country,
  ]);
  const status = SITUACAO[situacao] ?? null;
  const sic = distinct([cnae, ...cnaes.split(',')]);
  const descriptions = Object.fromEntries(
    sic.flatMap((s) => (l.cnaes.has(s) ? [[s, `${s} - ${l.cnaes.get(s) ?? ''}`]] : [])),
  );
  const reason = l.motivos.get(motivo);
  const record: RecordInput = {
    record: 'entity',
    id: `br-cnpj:${basico}`,
    type: 'company',
    // The head office's trade name; the company's registered name (EMPRECSV) wins when both are read.
    name: fantasia || `CNPJ ${cnpj14}`,
    aliases: distinct([fantasia]),
    jurisdiction: 'BR',
    identifiers: [{ scheme: 'br-cnpj', value: cnpj14 }],
    addresses: address === null ? [] : [address],
    incorporation_date: ymdDate(inicio),
    dissolution_date: status === 'closed' ? ymdDate(dataSituacao) : null,
    status,
    description:
      reason !== undefined && motivo !== '00' && status !== 'active' ? `Registration status reason: ${reason}` : null,
    company: { company_number: basico, sic, sic_descriptions: descriptions },
    provenance: [provenance('br-cnpj', cnpj14, cnpjUrl(cnpj14), asOf)],
  };
  return { at, record };
}

export const cnpj = defineImporter({
  format: 'cnpj',
  description:
    'Receita Federal CNPJ open data, a release folder (EMPRECSV, ESTABELE, SOCIOCSV and lookup tables): companies, head offices, partners',
  source: 'br-cnpj',
  input: 'directory',
  async *read(dir, { retrievedAt }): AsyncGenerator<Located> {
    const files = tableFiles(dir);
    const lookups: Lookups = {
      naturezas: await lookup(files.get('NATJUCSV')),
      qualificacoes: await lookup(files.get('QUALSCSV')),
      paises: await lookup(files.get('PAISCSV')),
      municipios: await lookup(files.get('MUNICCSV')),
      cnaes: await lookup(files.get('CNAECSV')),
      motivos: await lookup(files.get('MOTICSV')),
    };
    // Companies first, so that their registered name is the one kept when a head office record merges in.
    for (const file of files.get('EMPRECSV') ?? []) {
      for await (const row of rows(file)) {
        const at = `${file}:${row.line}`;
        const bad = checkRow(row.cells, 7);
        yield bad === null ? company(row.cells, at, lookups.naturezas, retrievedAt) : { at, ...bad };
      }
    }
    for (const file of files.get('ESTABELE') ?? []) {
      for await (const row of rows(file)) {
        const at = `${file}:${row.line}`;
        const bad = checkRow(row.cells, 30);
        const item = bad === null ? headOffice(row.cells, at, lookups, retrievedAt) : { at, ...bad };
        if (item !== null) yield item;
      }
    }
    for (const file of files.get('SOCIOCSV') ?? []) {
      for await (const row of rows(file)) {
        const at = `${file}:${row.line}`;
        const bad = checkRow(row.cells, 11);
        if (bad !== null) yield { at, ...bad };
        else yield* cnpjPartner(row.cells, at, lookups, retrievedAt);
      }
    }
  },
});
