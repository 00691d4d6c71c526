// Legal forms by jurisdiction, weighted by how common each is, with the Companies House company type for GB.
import type { CompanyJurisdiction } from '../jurisdictions.js';
import { Weighted } from '../random.js';

export interface LegalForm {
  /** As it ends (or, for RU, starts) the registered name. */
  readonly suffix: string;
  /** Companies House `company_type`; only set for GB forms. */
  readonly companyType?: 'ltd' | 'plc' | 'llp';
  /** Written before the name (Russian OOO/AO) instead of after it. */
  readonly prefix?: boolean;
}

type FormEntry = readonly [LegalForm, number];

const f = (suffix: string, weight: number, extra: Omit<LegalForm, 'suffix'> = {}): FormEntry => [
  { suffix, ...extra },
  weight,
];

const OFFSHORE_FORMS: readonly FormEntry[] = [
  f('LIMITED', 45),
  f('LTD', 25),
  f('INC.', 15),
  f('CORP.', 10),
  f('S.A.', 5),
];
const CROWN_FORMS: readonly FormEntry[] = [f('LIMITED', 85), f('LTD', 15)];

const FORMS: Readonly<Record<CompanyJurisdiction, readonly FormEntry[]>> = {
  GB: [
    f('LIMITED', 78, { companyType: 'ltd' }),
    f('LTD', 16, { companyType: 'ltd' }),
    f('PLC', 2, { companyType: 'plc' }),
    f('LLP', 4, { companyType: 'llp' }),
  ],
  VG: OFFSHORE_FORMS,
  KY: OFFSHORE_FORMS,
  BS: OFFSHORE_FORMS,
  SC: OFFSHORE_FORMS,
  BZ: OFFSHORE_FORMS,
  MH: OFFSHORE_FORMS,
  PA: [f('S.A.', 60), f('INC.', 25), f('CORP.', 15)],
  CY: [f('LTD', 85), f('LIMITED', 15)],
  JE: CROWN_FORMS,
  GG: CROWN_FORMS,
  IM: CROWN_FORMS,
  LI: [f('AG', 55), f('Anstalt', 30), f('GmbH', 15)],
  AE: [f('FZE', 40), f('LLC', 40), f('FZCO', 20)],
  US: [f('LLC', 55), f('Inc.', 35), f('Corp.', 10)],
  DE: [f('GmbH', 80), f('AG', 6), f('GmbH & Co. KG', 14)],
  FR: [f('SAS', 55), f('SARL', 35), f('SA', 10)],
  NL: [f('B.V.', 95), f('N.V.', 5)],
  LU: [f('S.à r.l.', 70), f('S.A.', 30)],
  CH: [f('AG', 50), f('SA', 20), f('GmbH', 30)],
  IE: [f('LIMITED', 75), f('DAC', 15), f('PLC', 10)],
  PL: [f('Sp. z o.o.', 90), f('S.A.', 10)],
  RU: [f('OOO', 85, { prefix: true }), f('AO', 15, { prefix: true })],
  CN: [f('Co., Ltd.', 100)],
  HK: [f('LIMITED', 100)],
  SG: [f('PTE. LTD.', 95), f('LTD.', 5)],
  BR: [f('LTDA', 85), f('S.A.', 15)],
  IN: [f('Private Limited', 85), f('Limited', 15)],
};

const TABLES = new Map<CompanyJurisdiction, Weighted<LegalForm>>(
  Object.entries(FORMS).map(([code, entries]) => [code as CompanyJurisdiction, new Weighted(entries)]),
);

export function legalForms(jurisdiction: CompanyJurisdiction): Weighted<LegalForm> {
  const table = TABLES.get(jurisdiction);
  if (table === undefined) throw new RangeError(`legalForms: no legal forms for ${jurisdiction}`);
  return table;
}
