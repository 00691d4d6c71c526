// SOCIOCSV rows of the CNPJ release: each partner (sócio) or officer as an entity, and their link to the company.
import type { RecordInput } from '../importer.js';
import type { Located } from '../importer.js';
import { isValidCnpj } from '../../../engine/identifiers/check-digits.js';
import { ymdDate } from '../../../engine/sources/record-dates.js';
import { countryCode } from '../../../engine/sources/countries.js';
import { provenance } from '../common/provenance.js';

export interface Lookups {
  naturezas: ReadonlyMap<string, string>;
  qualificacoes: ReadonlyMap<string, string>;
  paises: ReadonlyMap<string, string>;
  municipios: ReadonlyMap<string, string>;
  cnaes: ReadonlyMap<string, string>;
  motivos: ReadonlyMap<string, string>;
}

const DATASET_URL = 'https://dados.gov.br/dados/conjuntos-dados/cadastro-nacional-da-pessoa-juridica---cnpj';

/** Qualificação codes by what the link is: officers direct, titulares own the whole company, the rest are partners. */
const OFFICERS = new Set(['05', '08', '10', '16', '17', '18', '33', '43', '64', '70', '71', '72', '73']);
const SOLE_OWNERS = new Set(['34', '50', '65', '66', '67', '68', '78', '79']);
const PARTNERS = new Set([
  '22',
  '23',
  '24',
  '25',
  '26',
  '28',
  '29',
  '30',
  '31',
  '37',
  '38',
  '47',
  '48',
  '49',
  '52',
  '53',
  '55',
  '56',
  '57',
  '58',
  '74',
]);
/** Qualificações that name a company abroad, or a natural person abroad, as the partner (identificador 3 says only "foreign"). */
const FOREIGN_COMPANY = new Set(['37', '57', '79']);

/** Faixa etária: the partner's age band at the time of the release. */
const AGE_BAND: Record<string, string> = {
  '1': '0-12',
  '2': '13-20',
  '3': '21-30',
  '4': '31-40',
  '5': '41-50',
  '6': '51-60',
  '7': '61-70',
  '8': '71-80',
  '9': 'over 80',
};

/**
 * The Receita's country table is in Portuguese; these are the names that differ from English, for the countries
 * where Brazilian companies' foreign partners most often sit (secrecy jurisdictions among them). Others fall back
 * to the shared English table, which knows identical names such as PANAMA or LUXEMBURGO's neighbours.
 */
const PAIS_CODES: Record<string, string> = {
  ALEMANHA: 'DE',
  'AFRICA DO SUL': 'ZA',
  BELGICA: 'BE',
  BERMUDAS: 'BM',
  'CAYMAN,ILHAS': 'KY',
  'China, República Popular': 'CN',
  CHIPRE: 'CY',
  'COREIA REPUBLICA DA': 'KR',
  DINAMARCA: 'DK',
  EQUADOR: 'EC',
  'EMIRADOS ARABES UNIDOS': 'AE',
  ESPANHA: 'ES',
  'ESTADOS UNIDOS': 'US',
  FRANCA: 'FR',
  GRECIA: 'GR',
  IRAQUE: 'IQ',
  IRLANDA: 'IE',
  ITALIA: 'IT',
  JAPAO: 'JP',
  LIBANO: 'LB',
  LUXEMBURGO: 'LU',
  MAURICIO: 'MU',
  MEXICO: 'MX',
  NORUEGA: 'NO',
  PARAGUAI: 'PY',
  POLONIA: 'PL',
  'REINO UNIDO': 'GB',
  'RUSSIA, FEDERACAO DA': 'RU',
  SUECIA: 'SE',
  SUICA: 'CH',
  TURQUIA: 'TR',
  URUGUAI: 'UY',
  'VIRGENS, ILHAS (BRITANICAS)': 'VG',
  'VIRGENS, ILHAS (EUA)': 'VI',
  'PAISES BAIXOS (HOLANDA)': 'NL',
  SINGAPURA: 'SG',
  'HONG KONG': 'HK',
};
const paisCode = (name: string | null): string | null =>
  name === null ? null : (PAIS_CODES[name] ?? countryCode(name));

const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The link of a partner to the company, from its qualificação. */
function link(code: string): {
  kind: 'ownership' | 'directorship' | 'control' | 'association';
  role: string;
  whole: boolean;
} {
  if (code === '49' || code === '74') return { kind: 'ownership', role: 'partner-director', whole: false };
  if (PARTNERS.has(code)) return { kind: 'ownership', role: 'partner', whole: false };
  if (SOLE_OWNERS.has(code)) return { kind: 'ownership', role: 'sole-owner', whole: true };
  if (code === '69') return { kind: 'control', role: 'beneficial-owner', whole: false };
  if (OFFICERS.has(code)) return { kind: 'directorship', role: code === '17' ? 'attorney' : 'director', whole: false };
  return { kind: 'association', role: 'associate', whole: false };
}

/**
 * The partner entity and its link. Ids are stable across releases: a company partner is its own `br-cnpj:<root>`;
 * a natural person is known only by name and the six digits of the CPF the release leaves unmasked
 * (`***818049**`), which together name one person nationally, so `br-pf:818049-karimi-preuss` is one entity
 * however many companies they are partner of; a foreign partner by name and country.
 */
export function* cnpjPartner(c: readonly string[], at: string, l: Lookups, asOf: string): Generator<Located> {
  const [
    basico = '',
    kindCode = '',
    name = '',
    document = '',
    qualificacao = '',
    entrada = '',
    pais = '',
    ,
    ,
    ,
    faixa = '',
  ] = c;
  if (name === '') {
    yield { at, field: 'nome_socio', problem: 'no partner name' };
    return;
  }
  const qual = l.qualificacoes.get(qualificacao) ?? `qualificação ${qualificacao}`;
  const countryName = pais === '' ? null : (l.paises.get(pais) ?? null);
  let partner: RecordInput;
  if (kindCode === '1') {
    if (!isValidCnpj(document)) {
      yield { at, field: 'cpf_cnpj_socio', problem: `a company partner needs a valid CNPJ, got "${document}"` };
      return;
    }
    partner = {
      record: 'entity',
      id: `br-cnpj:${document.slice(0, 8)}`,
      type: 'company',
      name,
      jurisdiction: 'BR',
      identifiers: [{ scheme: 'br-cnpj', value: document }],
      provenance: [provenance('br-cnpj', document, DATASET_URL, asOf)],
    };
  } else if (kindCode === '2') {
    const digits = /^\*{3}(\d{6})\*{2}$/.exec(document)?.[1];
    // A masked CPF of zeros is a placeholder: the person is then only known within this company.
    const key = digits === undefined || digits === '000000' ? `${basico}-${slug(name)}` : `${digits}-${slug(name)}`;
    const band = AGE_BAND[faixa];
    partner = {
      record: 'entity',
      id: `br-pf:${key}`,
      type: 'person',
      name,
      description: band === undefined ? null : `Age band ${band} in the CNPJ release of ${asOf}`,
      provenance: [provenance('br-cnpj', `${basico}/${key}`, DATASET_URL, asOf)],
    };
  } else if (kindCode === '3') {
    const jurisdiction = paisCode(countryName);
    partner = {
      record: 'entity',
      id: `br-foreign:${slug(name)}${pais === '' ? '' : `-${pais}`}`,
      type: FOREIGN_COMPANY.has(qualificacao) ? 'company' : 'person',
      name,
      jurisdiction: FOREIGN_COMPANY.has(qualificacao) ? jurisdiction : null,
      nationalities: !FOREIGN_COMPANY.has(qualificacao) && jurisdiction !== null ? [jurisdiction] : [],
      addresses: countryName === null ? [] : [countryName],
      provenance: [provenance('br-cnpj', `${basico}/${slug(name)}`, DATASET_URL, asOf)],
    };
  } else {
    yield { at, field: 'identificador_socio', problem: `not 1 (company), 2 (person) or 3 (foreign): "${kindCode}"` };
    return;
  }
  yield { at, record: partner };
  const { kind, role, whole } = link(qualificacao);
  yield {
    at,
    record: {
      record: 'relationship',
      source: partner.id,
      target: `br-cnpj:${basico}`,
      kind,
      role,
      share: whole ? { min: 100, max: 100 } : null,
      natures: [qual],
      start_date: ymdDate(entrada),
      provenance: provenance('br-cnpj', `${basico}/${partner.id}`, DATASET_URL, asOf),
    },
  };
}
