// Demo investigation A: a London property company owned, through Cyprus and the BVI, by a sanctioned individual.
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { demoProvenance } from './provenance.js';

/** Key entities of investigation A, by role in the story. */
export const A = {
  /** UK property company; the OFAC 50% rule certainly applies (effective [56.25, 100]). */
  ukProperty: 'gb-coh:99000001',
  /** UK management company; the 50% rule only possibly applies (effective [43.75, 100]). */
  ukManagement: 'gb-coh:99000002',
  cyprusHolding: 'demo:cy-argentum-vector',
  bviShell: 'demo:vg-blue-heron',
  /** The beneficial owner as a registry/leak person record, not itself listed. */
  beneficialOwner: 'demo:p-volkhonsky',
  ofacRecord: 'ofac:9900001',
  ukRecord: 'uk:DEM0001',
  /** Unrelated individual holding the remaining 25–50% of the management company. */
  coOwner: 'gb-psc:DEMOPSC0001',
  nomineeDirector: 'gb-officer:DEMONOM0001',
  secretary: 'gb-officer:DEMOSEC0001',
} as const;

const p = (recordId: string, detail: string) => demoProvenance('A', recordId, detail);

const WHARF_ADDRESS = 'Unit 4, 17 Narrow Street, London, E14 8DP';
const LIMASSOL_ADDRESS = 'Agiou Andreou 212, Office 301, 3036 Limassol, Cyprus';
const ROAD_TOWN_ADDRESS = 'Coral Reach Chambers, 9 Wickhams Cay II, Road Town, Tortola, VG1110, British Virgin Islands';
const MOSCOW_ADDRESS = 'Ulitsa Ostozhenka 19, apt. 7, Moscow 119034, Russia';

const VOLKHONSKY_BORN = '1961-04-12';

function entities(): NormalisedRecordInput[] {
  return [
    {
      record: 'entity',
      id: A.ukProperty,
      type: 'company',
      name: 'KESTREL WHARF PROPERTIES LIMITED',
      jurisdiction: 'GB',
      identifiers: [{ scheme: 'gb-coh', value: '99000001' }],
      addresses: [WHARF_ADDRESS],
      incorporation_date: '2014-05-21',
      status: 'active',
      description: 'Owns and lets a block of riverside flats in Limehouse.',
      company: {
        company_number: '99000001',
        company_type: 'ltd',
        sic: ['68209', '68100'],
        accounts: { last_made_up_to: '2025-05-31', next_due: '2027-02-28' },
        confirmation_statement: { last_made_up_to: '2026-05-21', next_due: '2027-06-04' },
        charges: { total: 1, outstanding: 1, satisfied: 0, part_satisfied: 0 },
        former_names: [],
      },
      provenance: [p('entity-gb-coh-99000001', 'company profile of KESTREL WHARF PROPERTIES LIMITED')],
    },
    {
      record: 'entity',
      id: A.ukManagement,
      type: 'company',
      name: 'KESTREL WHARF MANAGEMENT LIMITED',
      jurisdiction: 'GB',
      identifiers: [{ scheme: 'gb-coh', value: '99000002' }],
      addresses: [WHARF_ADDRESS],
      incorporation_date: '2016-02-09',
      status: 'active',
      company: {
        company_number: '99000002',
        company_type: 'ltd',
        sic: ['68320'],
        accounts: { last_made_up_to: '2025-05-31', next_due: '2027-02-28' },
        confirmation_statement: { last_made_up_to: '2026-02-09', next_due: '2027-02-23' },
        charges: { total: 0, outstanding: 0, satisfied: 0, part_satisfied: 0 },
        former_names: [],
      },
      provenance: [p('entity-gb-coh-99000002', 'company profile of KESTREL WHARF MANAGEMENT LIMITED')],
    },
    {
      record: 'entity',
      id: A.cyprusHolding,
      type: 'company',
      name: 'ARGENTUM VECTOR HOLDINGS LTD',
      jurisdiction: 'CY',
      addresses: [LIMASSOL_ADDRESS],
      incorporation_date: '2013-10-29',
      status: 'active',
      description: 'Cyprus private company limited by shares; holding company with no trading activity.',
      provenance: [p('entity-cy-argentum-vector', 'Cyprus registry extract for ARGENTUM VECTOR HOLDINGS LTD')],
    },
    {
      record: 'entity',
      id: A.bviShell,
      type: 'company',
      name: 'BLUE HERON VENTURES LIMITED',
      jurisdiction: 'VG',
      addresses: [ROAD_TOWN_ADDRESS],
      incorporation_date: '2012-07-03',
      status: 'active',
      description: 'BVI business company with a registered agent address only.',
      provenance: [p('entity-vg-blue-heron', 'registered-agent file for BLUE HERON VENTURES LIMITED')],
    },
    {
      record: 'entity',
      id: A.beneficialOwner,
      type: 'person',
      name: 'Arkady Sergeyevich VOLKHONSKY',
      aliases: ['Arkady Volkhonsky'],
      jurisdiction: 'RU',
      addresses: [MOSCOW_ADDRESS],
      birth_date: VOLKHONSKY_BORN,
      nationalities: ['RU'],
      description: 'Sole shareholder of BLUE HERON VENTURES LIMITED according to its register of members.',
      provenance: [p('entity-p-volkhonsky', 'person named in the register of members of BLUE HERON VENTURES LIMITED')],
    },
    {
      record: 'entity',
      id: A.ofacRecord,
      type: 'person',
      name: 'VOLKHONSKY, Arkady Sergeyevich',
      aliases: ['Arkadi Volkhonski', 'Arkady Volkhonsky', 'Arkadiy Sergeevich Volkhonskiy'],
      jurisdiction: 'RU',
      identifiers: [{ scheme: 'ofac', value: '9900001' }],
      topics: ['sanction'],
      addresses: ['Moscow, Russia'],
      birth_date: VOLKHONSKY_BORN,
      nationalities: ['RU'],
      position: 'Designated under E.O. 14024 as operating in the financial services sector of the Russian economy.',
      provenance: [p('entity-ofac-9900001', 'SDN-style list entry 9900001')],
    },
    {
      record: 'entity',
      id: A.ukRecord,
      type: 'person',
      name: 'VOLKHONSKIY, Arkadiy Sergeevich',
      aliases: ['VOLKHONSKY, Arkady Sergeyevich'],
      jurisdiction: 'RU',
      identifiers: [{ scheme: 'uk', value: 'DEM0001' }],
      topics: ['sanction'],
      addresses: ['Moscow, Russia'],
      birth_date: VOLKHONSKY_BORN,
      nationalities: ['RU'],
      position: 'Businessman; involved in obtaining a benefit from or supporting the Government of Russia.',
      provenance: [p('entity-uk-dem0001', 'UK sanctions list entry DEM0001')],
    },
    {
      record: 'entity',
      id: A.coOwner,
      type: 'person',
      name: 'Eleanor Ruth PENDLEBARROW',
      jurisdiction: 'GB',
      addresses: ['42 Matilda Gardens, London, E3 2PQ'],
      birth_date: '1972-09',
      nationalities: ['GB'],
      provenance: [p('entity-gb-psc-demopsc0001', 'PSC register entry of KESTREL WHARF MANAGEMENT LIMITED')],
    },
    {
      record: 'entity',
      id: A.nomineeDirector,
      type: 'person',
      name: 'Loizos Kyriakou THEOPHANIDES',
      jurisdiction: 'CY',
      topics: ['nominee'],
      addresses: [LIMASSOL_ADDRESS],
      birth_date: '1979-08',
      nationalities: ['CY'],
      description: 'Professional director; holds directorships of several dozen client companies.',
      provenance: [p('entity-gb-officer-demonom0001', 'officer appointments of a professional nominee director')],
    },
    {
      record: 'entity',
      id: A.secretary,
      type: 'person',
      name: 'Gareth Owen PRYTHERCH',
      jurisdiction: 'GB',
      addresses: [WHARF_ADDRESS],
      birth_date: '1968-02',
      nationalities: ['GB'],
      provenance: [p('entity-gb-officer-demosec0001', 'officer appointments of the company secretary')],
    },
  ];
}

function relationships(): NormalisedRecordInput[] {
  return [
    {
      record: 'relationship',
      source: A.cyprusHolding,
      target: A.ukProperty,
      kind: 'ownership',
      role: 'psc',
      share: { min: 75, max: 100 },
      natures: [
        'ownership-of-shares-75-to-100-percent',
        'voting-rights-75-to-100-percent',
        'right-to-appoint-and-remove-directors',
      ],
      start_date: '2016-04-06',
      provenance: p('rel-psc-99000001-argentum', 'PSC register of KESTREL WHARF PROPERTIES LIMITED'),
    },
    {
      record: 'relationship',
      source: A.bviShell,
      target: A.cyprusHolding,
      kind: 'ownership',
      role: 'shareholder',
      share: { min: 75, max: 100 },
      natures: ['shareholding'],
      start_date: '2013-11-04',
      provenance: p(
        'rel-shareholder-argentum-blue-heron',
        'Cyprus registry shareholder extract of ARGENTUM VECTOR HOLDINGS LTD',
      ),
    },
    {
      record: 'relationship',
      source: A.beneficialOwner,
      target: A.bviShell,
      kind: 'ownership',
      role: 'shareholder',
      share: { min: 100, max: 100 },
      natures: ['shareholding'],
      start_date: '2012-07-03',
      provenance: p(
        'rel-shareholder-blue-heron-volkhonsky',
        'leaked register of members of BLUE HERON VENTURES LIMITED',
      ),
    },
    {
      record: 'relationship',
      source: A.cyprusHolding,
      target: A.ukManagement,
      kind: 'ownership',
      role: 'psc',
      share: { min: 25, max: 50 },
      natures: ['ownership-of-shares-25-to-50-percent', 'voting-rights-25-to-50-percent'],
      start_date: '2016-04-06',
      provenance: p('rel-psc-99000002-argentum', 'PSC register of KESTREL WHARF MANAGEMENT LIMITED'),
    },
    {
      record: 'relationship',
      source: A.beneficialOwner,
      target: A.ukManagement,
      kind: 'ownership',
      role: 'psc',
      share: { min: 25, max: 50 },
      natures: ['ownership-of-shares-25-to-50-percent', 'voting-rights-25-to-50-percent'],
      start_date: '2016-04-06',
      provenance: p('rel-psc-99000002-volkhonsky', 'PSC register of KESTREL WHARF MANAGEMENT LIMITED'),
    },
    {
      record: 'relationship',
      source: A.coOwner,
      target: A.ukManagement,
      kind: 'ownership',
      role: 'psc',
      share: { min: 25, max: 50 },
      natures: ['ownership-of-shares-25-to-50-percent', 'voting-rights-25-to-50-percent'],
      start_date: '2016-04-06',
      provenance: p('rel-psc-99000002-pendlebarrow', 'PSC register of KESTREL WHARF MANAGEMENT LIMITED'),
    },
    {
      record: 'relationship',
      source: A.nomineeDirector,
      target: A.ukProperty,
      kind: 'directorship',
      role: 'nominee-director',
      start_date: '2017-09-18',
      provenance: p('rel-director-99000001-theophanides', 'officer list of KESTREL WHARF PROPERTIES LIMITED'),
    },
    {
      record: 'relationship',
      source: A.nomineeDirector,
      target: A.cyprusHolding,
      kind: 'directorship',
      role: 'nominee-director',
      start_date: '2013-11-04',
      provenance: p(
        'rel-director-argentum-theophanides',
        'Cyprus registry officer extract of ARGENTUM VECTOR HOLDINGS LTD',
      ),
    },
    {
      record: 'relationship',
      source: A.secretary,
      target: A.ukProperty,
      kind: 'directorship',
      role: 'secretary',
      start_date: '2014-05-21',
      provenance: p('rel-secretary-99000001-prytherch', 'officer list of KESTREL WHARF PROPERTIES LIMITED'),
    },
    // Identity: three records of one person. The registry/leak record matches the OFAC entry on spelling
    // variants of the same Cyrillic name plus the full birth date; the UK entry cross-references the OFAC one.
    {
      record: 'relationship',
      source: A.beneficialOwner,
      target: A.ofacRecord,
      kind: 'identity',
      role: 'same-as',
      natures: ['name-transliteration', 'birth-date'],
      provenance: p('rel-same-as-volkhonsky-ofac', 'match of the register name and birth date to OFAC entry 9900001'),
    },
    {
      record: 'relationship',
      source: A.ofacRecord,
      target: A.ukRecord,
      kind: 'identity',
      role: 'same-as',
      natures: ['list-cross-reference'],
      provenance: p('rel-same-as-ofac-uk', 'UK entry DEM0001 cites OFAC entry 9900001'),
    },
  ];
}

function listings(): NormalisedRecordInput[] {
  return [
    {
      record: 'listing',
      entity_id: A.ofacRecord,
      list: 'OFAC',
      program: 'RUSSIA-EO14024',
      listed_on: '2022-04-06',
      reference: '9900001',
      remarks: 'Fictional demo designation.',
      provenance: p('listing-ofac-9900001', 'OFAC SDN-style listing 9900001'),
    },
    {
      record: 'listing',
      entity_id: A.ukRecord,
      list: 'UK',
      program: 'Russia',
      listed_on: '2022-03-15',
      reference: 'DEM0001',
      remarks: 'Fictional demo designation. Asset freeze.',
      provenance: p('listing-uk-dem0001', 'UK sanctions listing DEM0001'),
    },
  ];
}

function financials(): NormalisedRecordInput[] {
  return [
    {
      record: 'financials',
      entity_id: A.ukProperty,
      period_start: '2023-06-01',
      period_end: '2024-05-31',
      currency: 'GBP',
      turnover: 1_184_000,
      profit: 312_400,
      net_assets: 4_870_000,
      cash: 214_300,
      employees: 2,
      provenance: p('fin-99000001-2024-05-31', 'accounts of KESTREL WHARF PROPERTIES LIMITED made up to 31 May 2024'),
    },
    {
      record: 'financials',
      entity_id: A.ukProperty,
      period_start: '2024-06-01',
      period_end: '2025-05-31',
      currency: 'GBP',
      turnover: 1_236_500,
      profit: 298_900,
      net_assets: 5_168_900,
      cash: 187_650,
      employees: 2,
      provenance: p('fin-99000001-2025-05-31', 'accounts of KESTREL WHARF PROPERTIES LIMITED made up to 31 May 2025'),
    },
  ];
}

function events(): NormalisedRecordInput[] {
  const e = (
    n: number,
    entityId: string,
    kind: 'ownership' | 'filing',
    type: string,
    day: string,
    summary: string,
  ): NormalisedRecordInput => {
    const id = `demo-evt-a-${String(n).padStart(3, '0')}`;
    return {
      record: 'event',
      id,
      entity_id: entityId,
      kind,
      type,
      occurred_at: `${day}T00:00:00Z`,
      summary,
      provenance: p(id, `filing history entry ${id}`),
    };
  };
  return [
    e(1, A.ukProperty, 'filing', 'incorporation', '2014-05-21', 'KESTREL WHARF PROPERTIES LIMITED was incorporated.'),
    e(2, A.ukManagement, 'filing', 'incorporation', '2016-02-09', 'KESTREL WHARF MANAGEMENT LIMITED was incorporated.'),
    e(
      3,
      A.ukProperty,
      'ownership',
      'psc-notified',
      '2016-06-28',
      'ARGENTUM VECTOR HOLDINGS LTD was notified as a person with significant control holding 75 to 100 percent of shares.',
    ),
    e(
      4,
      A.ukProperty,
      'filing',
      'officer-appointed',
      '2017-09-18',
      'Loizos Kyriakou THEOPHANIDES was appointed as a director.',
    ),
    e(5, A.ukProperty, 'filing', 'accounts-filed', '2026-02-11', 'Accounts made up to 31 May 2025 were filed.'),
    e(
      6,
      A.ukProperty,
      'filing',
      'confirmation-statement-filed',
      '2026-05-27',
      'A confirmation statement made up to 21 May 2026 was filed.',
    ),
  ];
}

/** All records of investigation A. */
export function investigationA(): NormalisedRecordInput[] {
  return [...entities(), ...relationships(), ...listings(), ...financials(), ...events()];
}
