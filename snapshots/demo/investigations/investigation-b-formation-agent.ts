// Demo investigation B: a formation agent's mass-registration address, with a circular ownership loop, a hidden PEP
// and a leak that names the same agent as intermediary.
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { demoProvenance, idSlug } from './provenance.js';

/** Key entities of investigation B, by role in the story. */
export const B = {
  agent: 'gb-coh:99000100',
  nomineeDirector: 'gb-officer:DEMONOM0100',
  /** The ownership loop: loopA owns loopB (50–75), loopB owns loopC (75–100), loopC owns loopA (25–50). */
  loopA: 'gb-coh:99000101',
  loopB: 'gb-coh:99000102',
  loopC: 'gb-coh:99000103',
  /** Companies that also appear in the leak. */
  leakedCompany1: 'gb-coh:99000104',
  leakedCompany2: 'gb-coh:99000105',
  /** Owned 75–100% by the PEP. */
  pepCompany: 'gb-coh:99000110',
  pep: 'demo:p-radu-stejarescu',
  /** Chain stops at a PSC statement: no registrable person. */
  noPscCompany: 'gb-coh:99000111',
  leakAgent: 'icij:990000001',
  leakCompany1: 'icij:990000002',
  leakCompany2: 'icij:990000003',
} as const;

/** The one registered address shared, character for character, by the agent and its 32 client companies. */
export const B_SHARED_ADDRESS = 'Suite 4B, 88 Fenwick Row, London, EC2A 4LT';

const p = (recordId: string, detail: string) => demoProvenance('B', recordId, detail);

const LEAK = "Fictional demo leak: the 'Harbour Papers'";

/** Client companies: number suffix, name, incorporation date, SIC codes. Dates run from 2019 to October 2026. */
const CLIENTS: readonly (readonly [number, string, string, readonly string[]])[] = [
  [101, 'QUILLFORD TRADING LIMITED', '2019-02-11', ['46900']],
  [102, 'MARROWAY CONSULTING LTD', '2019-05-27', ['70229']],
  [103, 'ASHGROVE PARTNERS LIMITED', '2019-08-14', ['82990']],
  [104, 'BRISTLECONE LOGISTICS LIMITED', '2019-11-05', ['52290']],
  [105, 'CALDERMERE IMPORTS LIMITED', '2020-01-22', ['46190']],
  [106, 'NORTHBANK DIGITAL SOLUTIONS LTD', '2020-04-30', ['62020']],
  [107, 'PELLINGHAM ESTATES LIMITED', '2020-07-16', ['68100']],
  [108, 'VARNEY & COLE COMMODITIES LIMITED', '2020-10-08', ['46120']],
  [109, 'SILVERWEIR CAPITAL PARTNERS LIMITED', '2021-01-19', ['64209']],
  [110, 'OAKMERE ENERGY TRADING LIMITED', '2021-03-02', ['35140', '46710']],
  [111, 'HARTWELL & PRYCE LIMITED', '2021-06-24', ['74909']],
  [112, 'GLENSHIEL MARINE SUPPLIES LIMITED', '2021-09-13', ['46690']],
  [113, 'TALLOWBY HOLDINGS LIMITED', '2021-12-01', ['64209']],
  [114, 'REDCAP MEDIA VENTURES LTD', '2022-02-17', ['73110']],
  [115, 'FERNBROOK AGRI EXPORTS LIMITED', '2022-05-09', ['46210']],
  [116, 'CORVANE TECHNOLOGIES LIMITED', '2022-07-28', ['62090']],
  [117, 'LINDENHOLT PROPERTY INVESTMENTS LIMITED', '2022-10-11', ['68100']],
  [118, 'DUNMARSH FREIGHT SERVICES LTD', '2023-01-05', ['52290']],
  [119, 'WHITLEAF PHARMA TRADING LIMITED', '2023-03-20', ['46460']],
  [120, 'KESSINGTON GLOBAL LIMITED', '2023-06-06', ['70229']],
  [121, 'BRAMBLECOTE INVESTMENTS LIMITED', '2023-08-23', ['64999']],
  [122, 'STORMHAVEN METALS LIMITED', '2023-11-14', ['46720']],
  [123, 'OSTERLY WEALTH MANAGEMENT LTD', '2024-01-30', ['66300']],
  [124, 'PRIMROSE QUAY HOLDINGS LIMITED', '2024-04-18', ['64209']],
  [125, 'CINDERWICK CONSULTANCY LTD', '2024-06-25', ['70229']],
  [126, 'MERIDALE CONSTRUCTION MATERIALS LIMITED', '2024-09-09', ['46730']],
  [127, 'GREYFRIAR SOFTWARE LIMITED', '2024-12-02', ['62012']],
  [128, 'HOLLOWAY CREST TRADING LIMITED', '2025-02-20', ['46900']],
  [129, 'ELMSBRIDGE MARITIME LIMITED', '2025-05-13', ['50200']],
  [130, 'VANTAGE ROOK LIMITED', '2025-08-04', ['82990']],
  [131, 'SALTINGS ADVISORY LTD', '2026-02-16', ['70229']],
  [132, 'THORNLEIGH BRIDGE HOLDINGS LIMITED', '2026-10-07', ['64209']],
];

const companyId = (n: number) => `gb-coh:99000${n}`;

/** Every fifth client has the agent as its only director; the rest also have the nominee individual. */
const hasNominee = (n: number) => n % 5 !== 0;

function agentAndPeople(): NormalisedRecordInput[] {
  return [
    {
      record: 'entity',
      id: B.agent,
      type: 'company',
      name: 'LANTERN COMPANY SERVICES LIMITED',
      jurisdiction: 'GB',
      identifiers: [{ scheme: 'gb-coh', value: '99000100' }],
      topics: ['formation-agent'],
      addresses: [B_SHARED_ADDRESS],
      incorporation_date: '2011-03-08',
      status: 'active',
      description: 'Company formation agent offering registered-office, nominee-director and mail-forwarding services.',
      company: { company_number: '99000100', company_type: 'ltd', sic: ['82990'], former_names: [] },
      provenance: [p('entity-gb-coh-99000100', 'company profile of LANTERN COMPANY SERVICES LIMITED')],
    },
    {
      record: 'entity',
      id: B.nomineeDirector,
      type: 'person',
      name: 'Dorian Felix MARCHBANKS',
      jurisdiction: 'GB',
      topics: ['nominee'],
      addresses: ['Flat 12, 3 Quarry Rise, London, E11 4HN'],
      birth_date: '1983-06',
      nationalities: ['GB'],
      description:
        'Director of every client company of LANTERN COMPANY SERVICES LIMITED that has an individual director.',
      provenance: [p('entity-gb-officer-demonom0100', 'officer appointments of a professional nominee director')],
    },
    {
      record: 'entity',
      id: B.pep,
      type: 'person',
      name: 'Radu Ilarion STEJĂRESCU',
      aliases: ['Radu Stejarescu', 'Radu I. Stejarescu'],
      jurisdiction: 'RO',
      topics: ['pep'],
      addresses: ['Strada Popa Nan 44, Sector 3, 030587 Bucharest, Romania'],
      birth_date: '1974-10-03',
      nationalities: ['RO'],
      position: 'Deputy Minister of Energy of Romania (2019–2021)',
      provenance: [p('entity-p-radu-stejarescu', 'politically exposed person record')],
    },
  ];
}

function clients(): NormalisedRecordInput[] {
  const out: NormalisedRecordInput[] = [];
  for (const [n, name, incorporated, sic] of CLIENTS) {
    const id = companyId(n);
    out.push(
      {
        record: 'entity',
        id,
        type: 'company',
        name,
        jurisdiction: 'GB',
        identifiers: [{ scheme: 'gb-coh', value: `99000${n}` }],
        addresses: [B_SHARED_ADDRESS],
        incorporation_date: incorporated,
        status: 'active',
        company: { company_number: `99000${n}`, company_type: 'ltd', sic: [...sic], former_names: [] },
        provenance: [p(`entity-gb-coh-99000${n}`, `company profile of ${name}`)],
      },
      {
        record: 'relationship',
        source: B.agent,
        target: id,
        kind: 'directorship',
        role: 'corporate-director',
        start_date: incorporated,
        provenance: p(`rel-corporate-director-99000${n}`, `officer list of ${name}`),
      },
    );
    if (hasNominee(n)) {
      out.push({
        record: 'relationship',
        source: B.nomineeDirector,
        target: id,
        kind: 'directorship',
        role: 'nominee-director',
        start_date: incorporated,
        provenance: p(`rel-nominee-director-99000${n}`, `officer list of ${name}`),
      });
    }
  }
  return out;
}

const BANDS = {
  '25-to-50': { min: 25, max: 50 },
  '50-to-75': { min: 50, max: 75 },
  '75-to-100': { min: 75, max: 100 },
} as const;

function psc(
  source: string,
  target: string,
  band: keyof typeof BANDS,
  since: string,
  recordId: string,
): NormalisedRecordInput {
  return {
    record: 'relationship',
    source,
    target,
    kind: 'ownership',
    role: 'psc',
    share: { ...BANDS[band] },
    natures: [`ownership-of-shares-${band}-percent`, `voting-rights-${band}-percent`],
    start_date: since,
    provenance: p(recordId, `PSC register of ${target.replace('gb-coh:', 'company ')}`),
  };
}

function control(): NormalisedRecordInput[] {
  return [
    psc(B.loopA, B.loopB, '50-to-75', '2019-05-27', 'rel-psc-99000102-99000101'),
    psc(B.loopB, B.loopC, '75-to-100', '2019-08-14', 'rel-psc-99000103-99000102'),
    psc(B.loopC, B.loopA, '25-to-50', '2019-09-02', 'rel-psc-99000101-99000103'),
    psc(B.pep, B.pepCompany, '75-to-100', '2021-03-02', 'rel-psc-99000110-stejarescu'),
    {
      record: 'statement',
      entity_id: B.noPscCompany,
      kind: 'psc-statement',
      code: 'no-individual-or-entity-with-signficant-control',
      summary:
        'The company knows or has reasonable cause to believe that there is no registrable person or registrable relevant legal entity in relation to the company',
      date: '2021-06-24',
      provenance: p('statement-psc-99000111', 'PSC statement of HARTWELL & PRYCE LIMITED'),
    },
  ];
}

function leak(): NormalisedRecordInput[] {
  const leakEntity = (
    id: string,
    name: string,
    incorporated: string,
    number: string,
    role: string,
  ): NormalisedRecordInput => ({
    record: 'entity',
    id,
    type: 'company',
    name,
    jurisdiction: 'GB',
    topics: ['offshore-leaks'],
    addresses: ['Suite 4B 88 Fenwick Row London EC2A 4LT United Kingdom'],
    incorporation_date: incorporated,
    description: `${LEAK}. ${role}; company number as recorded in the leak: ${number}.`,
    provenance: [p(`entity-${idSlug(id)}`, `${LEAK}, node ${id.slice('icij:'.length)}`)],
  });
  const identity = (leakId: string, registryId: string, natures: string[]): NormalisedRecordInput => ({
    record: 'relationship',
    source: leakId,
    target: registryId,
    kind: 'identity',
    role: 'same-as',
    natures,
    provenance: p(
      `rel-same-as-${idSlug(leakId)}`,
      `leak node ${leakId} matched to ${registryId} on its company number`,
    ),
  });
  const intermediary = (target: string): NormalisedRecordInput => ({
    record: 'relationship',
    source: B.leakAgent,
    target,
    kind: 'intermediary',
    role: 'intermediary',
    natures: ['intermediary_of'],
    provenance: p(`rel-intermediary-${idSlug(target)}`, `${LEAK}, intermediary link to node ${target}`),
  });
  return [
    leakEntity(B.leakAgent, 'LANTERN CO. SERVICES LTD', '2011-03-08', '99000100', 'Intermediary'),
    leakEntity(B.leakCompany1, 'BRISTLECONE LOGISTICS LTD', '2019-11-05', '99000104', 'Entity'),
    leakEntity(B.leakCompany2, 'CALDERMERE IMPORTS LTD.', '2020-01-22', '99000105', 'Entity'),
    intermediary(B.leakCompany1),
    intermediary(B.leakCompany2),
    identity(B.leakAgent, B.agent, ['company-number', 'name-similarity']),
    identity(B.leakCompany1, B.leakedCompany1, ['company-number']),
    identity(B.leakCompany2, B.leakedCompany2, ['company-number']),
  ];
}

function events(): NormalisedRecordInput[] {
  const out: NormalisedRecordInput[] = [];
  const push = (entityId: string, kind: 'ownership' | 'filing', type: string, day: string, summary: string) => {
    const id = `demo-evt-b-${String(out.length + 1).padStart(3, '0')}`;
    out.push({
      record: 'event',
      id,
      entity_id: entityId,
      kind,
      type,
      occurred_at: `${day}T00:00:00Z`,
      summary,
      provenance: p(id, `filing history entry ${id}`),
    });
  };
  for (const [n, name, incorporated] of CLIENTS) {
    push(
      companyId(n),
      'filing',
      'incorporation',
      incorporated,
      `${name} was incorporated with LANTERN COMPANY SERVICES LIMITED as corporate director.`,
    );
    if (hasNominee(n)) {
      push(
        companyId(n),
        'filing',
        'officer-appointed',
        incorporated,
        'Dorian Felix MARCHBANKS was appointed as a director.',
      );
    }
  }
  push(
    B.pepCompany,
    'ownership',
    'psc-notified',
    '2021-03-02',
    'Radu Ilarion STEJĂRESCU was notified as a person with significant control holding 75 to 100 percent of shares.',
  );
  return out;
}

/** All records of investigation B. */
export function investigationB(): NormalisedRecordInput[] {
  return [...agentAndPeople(), ...clients(), ...control(), ...leak(), ...events()];
}
