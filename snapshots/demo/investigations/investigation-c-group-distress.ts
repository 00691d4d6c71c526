// Demo investigation C: a UK manufacturer in a US-listed group, with falling accounts, overdue filings,
// new charges and a fresh change of its person with significant control.
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { demoProvenance } from './provenance.js';

// LEIs with ISO 17442 check digits (MOD 97-10) worked out once and written literally, so tests and docs can quote
// them; the demo test re-checks them. The "9999" prefix is not an allocated LOU prefix.
const LEI_UK_SUB = '999900HALDENUK000182';
const LEI_LUX = '999900HALDENLUX00133';
const LEI_US = '999900HALDENUSGRP181';

/** Key entities of investigation C, by role in the story. */
export const C = {
  ukSubsidiary: 'gb-coh:99000200',
  /** The UK subsidiary's own LEI: an identifier on the gb-coh record, not a separate entity. */
  ukSubsidiaryLei: LEI_UK_SUB,
  /** Former PSC of the subsidiary, ceased 2026-09-14; still owned by the Luxembourg parent. */
  ukFormerHolding: 'gb-coh:99000201',
  luxParent: `lei:${LEI_LUX}`,
  usUltimateParent: `lei:${LEI_US}`,
  resignedDirector: 'gb-officer:DEMOHAL0001',
  appointedDirector: 'gb-officer:DEMOHAL0002',
} as const;

/** The day the PSC and accounting parent changed. */
export const C_RESTRUCTURED_ON = '2026-09-14';

const p = (recordId: string, detail: string) => demoProvenance('C', recordId, detail);

const SHEFFIELD_ADDRESS = 'Halden Works, 41 Carlisle Street East, Sheffield, S4 7QN';
const PSC_75_100 = [
  'ownership-of-shares-75-to-100-percent',
  'voting-rights-75-to-100-percent',
  'right-to-appoint-and-remove-directors',
];

function entities(): NormalisedRecordInput[] {
  return [
    {
      record: 'entity',
      id: C.ukSubsidiary,
      type: 'company',
      name: 'HALDEN PRECISION ENGINEERING LIMITED',
      aliases: ['HALDEN ENGINEERING LIMITED', 'HALDEN-MOSS PRECISION LIMITED'],
      jurisdiction: 'GB',
      identifiers: [
        { scheme: 'gb-coh', value: '99000200' },
        { scheme: 'lei', value: LEI_UK_SUB },
      ],
      addresses: [SHEFFIELD_ADDRESS],
      incorporation_date: '2001-03-14',
      status: 'active',
      description: 'Precision machining and fabricated metal components for machine-tool makers.',
      company: {
        company_number: '99000200',
        company_type: 'ltd',
        sic: ['25620', '28410'],
        accounts: { last_made_up_to: '2024-12-31', next_due: '2025-09-30' },
        confirmation_statement: { last_made_up_to: '2024-06-30', next_due: '2025-07-14' },
        charges: { total: 5, outstanding: 3, satisfied: 2, part_satisfied: 0 },
        former_names: [
          { name: 'HALDEN ENGINEERING LIMITED', from: '2001-03-14', to: '2009-06-30' },
          { name: 'HALDEN-MOSS PRECISION LIMITED', from: '2009-06-30', to: '2016-02-01' },
        ],
      },
      provenance: [p('entity-gb-coh-99000200', 'company profile of HALDEN PRECISION ENGINEERING LIMITED')],
    },
    {
      record: 'entity',
      id: C.ukFormerHolding,
      type: 'company',
      name: 'HALDEN HOLDINGS (UK) LIMITED',
      jurisdiction: 'GB',
      identifiers: [{ scheme: 'gb-coh', value: '99000201' }],
      addresses: [SHEFFIELD_ADDRESS],
      incorporation_date: '2005-08-09',
      status: 'active',
      company: {
        company_number: '99000201',
        company_type: 'ltd',
        sic: ['70100'],
        accounts: { last_made_up_to: '2025-12-31', next_due: '2026-12-31' },
        confirmation_statement: { last_made_up_to: '2026-08-09', next_due: '2027-08-23' },
        charges: { total: 0, outstanding: 0, satisfied: 0, part_satisfied: 0 },
        former_names: [],
      },
      provenance: [p('entity-gb-coh-99000201', 'company profile of HALDEN HOLDINGS (UK) LIMITED')],
    },
    {
      record: 'entity',
      id: C.luxParent,
      type: 'company',
      name: 'Halden Industries S.à r.l.',
      aliases: ['Halden Industries SARL'],
      jurisdiction: 'LU',
      identifiers: [{ scheme: 'lei', value: LEI_LUX }],
      addresses: ['12 Rue Eugène Ruppert, L-2453 Luxembourg'],
      incorporation_date: '2008-11-20',
      status: 'active',
      description: 'Société à responsabilité limitée; European sub-holding of the Halden group.',
      provenance: [p(`entity-lei-${LEI_LUX.toLowerCase()}`, 'LEI record of Halden Industries S.à r.l.')],
    },
    {
      record: 'entity',
      id: C.usUltimateParent,
      type: 'company',
      name: 'Halden Group, Inc.',
      jurisdiction: 'US',
      identifiers: [
        { scheme: 'lei', value: LEI_US },
        { scheme: 'sec', value: '0099000200' },
      ],
      addresses: ['1200 Liberty Avenue, Suite 1400, Pittsburgh, PA 15222, United States'],
      incorporation_date: '1987-05-19',
      status: 'active',
      description: 'Incorporated in Delaware; shares listed on a US stock exchange.',
      company: { listed: true },
      provenance: [p(`entity-lei-${LEI_US.toLowerCase()}`, 'LEI record of Halden Group, Inc.')],
    },
    {
      record: 'entity',
      id: C.resignedDirector,
      type: 'person',
      name: 'Graham Peter OAKENSHAW',
      jurisdiction: 'GB',
      addresses: [SHEFFIELD_ADDRESS],
      birth_date: '1959-11',
      nationalities: ['GB'],
      provenance: [p('entity-gb-officer-demohal0001', 'officer appointments of a director of the Halden group')],
    },
    {
      record: 'entity',
      id: C.appointedDirector,
      type: 'person',
      name: 'Claudine Marie REUTERSHAN',
      jurisdiction: 'LU',
      addresses: ['12 Rue Eugène Ruppert, L-2453 Luxembourg'],
      birth_date: '1977-01',
      nationalities: ['LU'],
      provenance: [p('entity-gb-officer-demohal0002', 'officer appointments of a director of the Halden group')],
    },
  ];
}

function structure(): NormalisedRecordInput[] {
  return [
    {
      record: 'relationship',
      source: C.luxParent,
      target: C.ukSubsidiary,
      kind: 'ownership',
      role: 'psc',
      share: { min: 75, max: 100 },
      natures: PSC_75_100,
      start_date: C_RESTRUCTURED_ON,
      provenance: p('rel-psc-99000200-lux', 'PSC register of HALDEN PRECISION ENGINEERING LIMITED'),
    },
    {
      // Ceased: an ownership traversal "as of today" must skip this edge, or the Luxembourg parent is reached twice.
      record: 'relationship',
      source: C.ukFormerHolding,
      target: C.ukSubsidiary,
      kind: 'ownership',
      role: 'psc',
      share: { min: 75, max: 100 },
      natures: PSC_75_100,
      start_date: '2016-04-06',
      end_date: C_RESTRUCTURED_ON,
      provenance: p('rel-psc-99000200-99000201', 'PSC register of HALDEN PRECISION ENGINEERING LIMITED'),
    },
    {
      record: 'relationship',
      source: C.luxParent,
      target: C.ukFormerHolding,
      kind: 'ownership',
      role: 'psc',
      share: { min: 75, max: 100 },
      natures: PSC_75_100,
      start_date: '2016-04-06',
      provenance: p('rel-psc-99000201-lux', 'PSC register of HALDEN HOLDINGS (UK) LIMITED'),
    },
    {
      record: 'relationship',
      source: C.luxParent,
      target: C.ukSubsidiary,
      kind: 'parent',
      role: 'direct-parent',
      natures: ['IS_DIRECTLY_CONSOLIDATED_BY'],
      start_date: C_RESTRUCTURED_ON,
      provenance: p('rel-direct-parent-99000200', 'LEI relationship record: direct parent of the UK subsidiary'),
    },
    {
      record: 'relationship',
      source: C.usUltimateParent,
      target: C.ukSubsidiary,
      kind: 'parent',
      role: 'ultimate-parent',
      natures: ['IS_ULTIMATELY_CONSOLIDATED_BY'],
      start_date: '2008-11-20',
      provenance: p('rel-ultimate-parent-99000200', 'LEI relationship record: ultimate parent of the UK subsidiary'),
    },
    {
      record: 'relationship',
      source: C.usUltimateParent,
      target: C.luxParent,
      kind: 'parent',
      role: 'direct-parent',
      natures: ['IS_DIRECTLY_CONSOLIDATED_BY'],
      start_date: '2008-11-20',
      provenance: p('rel-direct-parent-lux', 'LEI relationship record: direct parent of Halden Industries S.à r.l.'),
    },
    {
      record: 'statement',
      entity_id: C.usUltimateParent,
      kind: 'reporting-exception',
      code: 'NO_KNOWN_PERSON',
      summary:
        'Halden Group, Inc. reports no parent: no known natural person or entity controls it, its shares being widely held and publicly traded.',
      date: '2026-03-02',
      provenance: p('statement-reporting-exception-us', 'LEI reporting exception of Halden Group, Inc.'),
    },
    {
      record: 'relationship',
      source: C.resignedDirector,
      target: C.ukSubsidiary,
      kind: 'directorship',
      role: 'director',
      start_date: '2012-04-01',
      end_date: '2026-10-20',
      provenance: p('rel-director-99000200-oakenshaw', 'officer list of HALDEN PRECISION ENGINEERING LIMITED'),
    },
    {
      record: 'relationship',
      source: C.appointedDirector,
      target: C.ukSubsidiary,
      kind: 'directorship',
      role: 'director',
      start_date: '2026-10-20',
      provenance: p('rel-director-99000200-reutershan', 'officer list of HALDEN PRECISION ENGINEERING LIMITED'),
    },
  ];
}

/** Four filed years: turnover and headcount falling, losses from 2022, net liabilities from 2023. */
function financials(): NormalisedRecordInput[] {
  const year = (
    y: number,
    turnover: number,
    profit: number,
    netAssets: number,
    cash: number | null,
    employees: number,
  ): NormalisedRecordInput => ({
    record: 'financials',
    entity_id: C.ukSubsidiary,
    period_start: `${y}-01-01`,
    period_end: `${y}-12-31`,
    currency: 'GBP',
    turnover,
    profit,
    net_assets: netAssets,
    cash,
    employees,
    provenance: p(
      `fin-99000200-${y}-12-31`,
      `accounts of HALDEN PRECISION ENGINEERING LIMITED made up to 31 December ${y}`,
    ),
  });
  return [
    year(2021, 48_210_000, 1_845_000, 6_420_000, 5_870_000, 412),
    year(2022, 41_730_000, -4_285_000, 2_135_000, 2_940_000, 377),
    // The 2023 balance sheet as filed omits cash at bank: null, not 0.
    year(2023, 33_905_000, -4_005_000, -1_870_000, null, 331),
    year(2024, 25_118_000, -3_440_000, -5_310_000, 412_000, 268),
  ];
}

function events(): NormalisedRecordInput[] {
  const e = (
    n: number,
    entityId: string,
    kind: 'ownership' | 'filing',
    type: string,
    at: string,
    summary: string,
  ): NormalisedRecordInput => {
    const id = `demo-evt-c-${String(n).padStart(3, '0')}`;
    return {
      record: 'event',
      id,
      entity_id: entityId,
      kind,
      type,
      occurred_at: at,
      summary,
      provenance: p(id, `filing history entry ${id}`),
    };
  };
  const sub = C.ukSubsidiary;
  const restructured = `${C_RESTRUCTURED_ON}T00:00:00Z`;
  // Several events share one instant on purpose: date-only registries stamp them at midnight, and pulse paging
  // must keep such a group on one page.
  const oct20 = '2026-10-20T00:00:00Z';
  return [
    e(1, sub, 'filing', 'incorporation', '2001-03-14T00:00:00Z', 'HALDEN ENGINEERING LIMITED was incorporated.'),
    e(
      2,
      sub,
      'filing',
      'change-of-name',
      '2009-06-30T00:00:00Z',
      'HALDEN ENGINEERING LIMITED changed its name to HALDEN-MOSS PRECISION LIMITED.',
    ),
    e(
      3,
      sub,
      'filing',
      'change-of-name',
      '2016-02-01T00:00:00Z',
      'HALDEN-MOSS PRECISION LIMITED changed its name to HALDEN PRECISION ENGINEERING LIMITED.',
    ),
    e(
      4,
      sub,
      'ownership',
      'psc-ceased',
      restructured,
      'HALDEN HOLDINGS (UK) LIMITED ceased to be a person with significant control.',
    ),
    e(
      5,
      sub,
      'ownership',
      'psc-notified',
      restructured,
      'Halden Industries S.à r.l. was notified as a person with significant control holding 75 to 100 percent of shares.',
    ),
    e(
      6,
      sub,
      'ownership',
      'parent-changed',
      restructured,
      'The direct accounting parent changed to Halden Industries S.à r.l.',
    ),
    e(
      7,
      sub,
      'filing',
      'charge-created',
      '2026-10-06T00:00:00Z',
      'A fixed and floating charge over all assets was created in favour of a working-capital lender.',
    ),
    e(8, sub, 'filing', 'officer-resigned', oct20, 'Graham Peter OAKENSHAW resigned as a director.'),
    e(9, sub, 'filing', 'officer-appointed', oct20, 'Claudine Marie REUTERSHAN was appointed as a director.'),
    e(
      10,
      sub,
      'filing',
      'accounts-filed',
      oct20,
      'Accounts made up to 31 December 2024 were filed late, more than a year after they were due on 30 September 2025.',
    ),
    e(
      11,
      sub,
      'filing',
      'charge-satisfied',
      '2026-11-12T00:00:00Z',
      'A charge over plant and machinery was satisfied in full.',
    ),
  ];
}

/** All records of investigation C. */
export function investigationC(): NormalisedRecordInput[] {
  return [...entities(), ...structure(), ...financials(), ...events()];
}
