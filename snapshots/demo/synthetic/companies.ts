// Synthetic company entity records: name, legal form, dates, status, address, registry identifiers and, for British
// companies, the Companies House profile; risk topics for a few.
import { cnpjWithCheckDigits, leiWithCheckDigits, sirenWithCheckDigit } from '../../../engine/identifiers/index.js';
import type { Identifier } from '../../../engine/model/records.js';
import { companyAddress } from './addresses.js';
import { dayNumber, isoDate, yearOf } from './dates.js';
import { financialsRecords, companyEvents } from './filings.js';
import { gbProfile } from './gb-profile.js';
import { GB, isOffshore, jurisdictionCode } from './jurisdictions.js';
import { syntheticProvenance, type Emit, type EntityInput } from './provenance.js';
import { hashSeed, type Rng } from './random.js';
import { companyNameOf } from './replay.js';
import { companySanctionRate, designate, leakDescription } from './risk.js';
import {
  CHAIN,
  companyId,
  CYCLE,
  DISSOLVED,
  FIRST_INCORPORATION,
  HOLDING,
  LEI,
  LIQUIDATION,
  PURPOSE,
  registryNumber,
  TODAY,
  TREE,
  type World,
} from './world.js';
import { missing } from '../../../engine/errors/missing.js';

const MEAN_AGE_DAYS = 9 * 365; // most companies on a live register are young
const LAST_INCORPORATION = dayNumber(2026, 11, 21);
const EVENTS_RATE_GB = 0.12;
const EVENTS_RATE_ABROAD = 0.05;
const FINANCIALS_RATE = 0.06;
const LEAK_RATE_OFFSHORE = 0.08;
const LEAK_RATE_ONSHORE = 0.004;
const LEI_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function incorporationDate(rng: Rng): number {
  const age = Math.floor(-Math.log(1 - rng.next()) * MEAN_AGE_DAYS);
  return age <= LAST_INCORPORATION - FIRST_INCORPORATION
    ? LAST_INCORPORATION - age
    : FIRST_INCORPORATION + rng.below(LAST_INCORPORATION - FIRST_INCORPORATION);
}

/**
 * Registry identifiers. Synthetic values sit where real ones are sparse: LEIs under the made-up LOU prefix SYNT,
 * KRS and CIK numbers far above those issued so far, SIREN and CNPJ roots the company's registry number.
 */
function identifiers(world: World, rng: Rng, c: number, incorporated: number): Identifier[] {
  const code = jurisdictionCode(world.jurisdiction[c] ?? missing('company jurisdiction'));
  const out: Identifier[] = [];
  if (code === 'GB') out.push({ scheme: 'gb-coh', value: String(registryNumber(c)) });
  if (((world.flags[c] ?? missing('company flags')) & LEI) !== 0) {
    let tail = '';
    for (let i = 0; i < 4; i++) tail += LEI_ALPHABET.charAt(rng.below(36));
    out.push({
      scheme: 'lei',
      value: leiWithCheckDigits(`SYNT00${c.toString(36).toUpperCase().padStart(8, '0')}${tail}`),
    });
  }
  switch (code) {
    case 'FR':
      out.push({ scheme: 'siren', value: sirenWithCheckDigit(String(registryNumber(c))) });
      break;
    case 'BR':
      out.push({ scheme: 'br-cnpj', value: cnpjWithCheckDigits(`${registryNumber(c)}0001`) });
      break;
    case 'PL':
      out.push({ scheme: 'krs', value: String(9000000 + c).padStart(10, '0') });
      break;
    case 'US':
      if (rng.chance(0.4)) out.push({ scheme: 'sec', value: String(registryNumber(c)).padStart(10, '0') });
      break;
    case 'SG': {
      // Local-company UEN: year of incorporation, five digits, a check letter (shape only: ACRA's algorithm is unpublished).
      const year = yearOf(incorporated);
      const issued = world.counters.uenByYear[year - 1985] ?? 0;
      if (issued < 10000) {
        world.counters.uenByYear[year - 1985] = issued + 1;
        out.push({ scheme: 'uen', value: `${year}${90000 + issued}${LEI_ALPHABET.charAt(10 + rng.below(26))}` });
      }
      break;
    }
    default:
      break;
  }
  return out;
}

/** The company's entity record, then its listings, financials and events (records that refer only to itself). */
export function companyRecords(world: World, c: number, emit: Emit): void {
  const rng = world.rng.entity.reseed(hashSeed(world.seed, PURPOSE.company, c));
  const j = world.jurisdiction[c] ?? missing('company jurisdiction');
  const code = jurisdictionCode(j);
  const flags = world.flags[c] ?? missing('company flags');
  const id = companyId(world, c);
  const name = companyNameOf(world, c);
  const incorporated = incorporationDate(rng);
  world.incorporated[c] = incorporated - FIRST_INCORPORATION;

  // Companies holding up a structure are dissolved less often: a dissolved parent of live subsidiaries is rare.
  const structural = (flags & (HOLDING | CHAIN | CYCLE | TREE)) !== 0;
  const r = rng.next();
  let status = 'active';
  let dissolvedOn: number | null = null;
  if (r < (structural ? 0.03 : 0.11) && TODAY - incorporated > 400) {
    status = 'dissolved';
    dissolvedOn = incorporated + 365 + rng.below(TODAY - incorporated - 365);
    world.flags[c] = flags | DISSOLVED;
  } else if (r > 0.97) {
    status = 'liquidation';
    world.flags[c] = flags | LIQUIDATION;
  }

  const entity: EntityInput = {
    record: 'entity',
    id,
    type: 'company',
    name: name.name,
    jurisdiction: code,
    identifiers: identifiers(world, rng, c, incorporated),
    addresses: [companyAddress(rng, code)],
    incorporation_date: isoDate(incorporated),
    dissolution_date: dissolvedOn === null ? null : isoDate(dissolvedOn),
    status,
    provenance: [syntheticProvenance(id)],
  };
  let lastAccounts: number | null = null;
  if (j === GB) {
    const gb = gbProfile(rng, String(registryNumber(c)), name, incorporated, dissolvedOn);
    entity.company = gb.profile;
    lastAccounts = gb.lastAccounts;
  }
  const topics: string[] = [];
  if (rng.chance(isOffshore(j) ? LEAK_RATE_OFFSHORE : LEAK_RATE_ONSHORE)) {
    topics.push('offshore-leaks');
    entity.description = leakDescription(rng);
  }
  emit.push(entity);
  if (rng.chance(companySanctionRate(code, isOffshore(j)))) {
    topics.unshift('sanction');
    const designation = designate(world, rng, id, world.persons + c, code, false, emit);
    entity.identifiers = [...(entity.identifiers ?? []), ...designation.identifiers];
  }
  if (topics.length > 0) entity.topics = topics;

  if (j === GB && lastAccounts !== null && dissolvedOn === null && rng.chance(FINANCIALS_RATE)) {
    financialsRecords(world, rng, id, lastAccounts, emit);
  }
  if (dissolvedOn === null && rng.chance(j === GB ? EVENTS_RATE_GB : EVENTS_RATE_ABROAD)) {
    companyEvents(world, c, id, name.name, incorporated, emit);
  }
}
