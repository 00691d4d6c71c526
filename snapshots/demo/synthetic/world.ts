// The synthetic world's skeleton, laid out before any record is written: how many of each entity, and for every
// company its jurisdiction, its structural owner (chain, cycle or group) and a few flags, all in typed arrays.
import { dayNumber } from './dates.js';
import {
  CHAIN_BOTTOM_JURISDICTIONS,
  GB,
  HOLDING_JURISDICTIONS,
  OFFSHORE_JURISDICTIONS,
  SINGLE_JURISDICTIONS,
} from './jurisdictions.js';
import { hashSeed, Rng, scatterStride, Weighted, Zipf } from './random.js';
import { missing } from '../../../engine/errors/missing.js';

/** Company flag bits (`World.flags`). */
export const HOLDING = 1; // heads a group: other companies are its subsidiaries
export const LEI = 2; // carries a Legal Entity Identifier
export const CHAIN = 4; // its structural owner is the next company up a chain
export const CYCLE = 8; // member of an ownership cycle
export const TREE = 16; // its structural owner is a group holding company
export const DISSOLVED = 32; // written by the entity pass
export const LIQUIDATION = 64; // written by the entity pass

/** Seed purposes: each stream of randomness is keyed by (seed, purpose, index) so it can be replayed alone. */
export const PURPOSE = {
  layout: 1,
  person: 2,
  personName: 3,
  company: 4,
  companyName: 5,
  links: 6,
  events: 7,
  asset: 8,
  assetLinks: 9,
} as const;

/** "Today" for due dates and overdue filings, and the first day incorporation dates may fall on. */
export const TODAY = dayNumber(2026, 11, 22);
export const FIRST_INCORPORATION = dayNumber(1985, 1, 1);

const P_CYCLE = 0.0012; // per layout step: start an ownership cycle of 3–4 companies
const P_CHAIN = 0.035; // per layout step: start a chain of corporate owners
const P_HOLDING = 0.02; // a stand-alone company heads a group
const P_GROUP_MEMBER = 0.12; // a company without a structural owner joins a group
const GROUP_ZIPF_EXPONENT = 1.1; // a few groups get hundreds of subsidiaries
const PROFESSIONAL_ZIPF_EXPONENT = 1.05; // a few professional directors get hundreds of appointments

/** Chain lengths in companies (2–12, so 1–11 corporate hops, one more when a group owns the top). */
const CHAIN_LENGTHS = new Weighted<number>([
  [2, 30],
  [3, 20],
  [4, 14],
  [5, 10],
  [6, 7],
  [7, 5],
  [8, 4],
  [9, 3],
  [10, 3],
  [11, 2],
  [12, 2],
]);

export interface Counters {
  relationship: number;
  listing: number;
  event: number;
  financials: number;
  /** UK sanctions references issued per regime prefix (RUS5000, CYB5001, …). */
  readonly uk: Map<string, number>;
  un: number;
  /** Singapore UENs issued per incorporation year, indexed by year - 1985. */
  readonly uenByYear: Uint16Array;
}

export interface World {
  readonly seed: number;
  readonly persons: number;
  readonly companies: number;
  readonly assets: number;
  /** Company jurisdiction, an index into COMPANY_JURISDICTIONS. */
  readonly jurisdiction: Uint8Array;
  /** The company's structural corporate owner, or -1. */
  readonly owner: Int32Array;
  readonly flags: Uint8Array;
  /** Incorporation day minus FIRST_INCORPORATION; written by the entity pass, read by the relationship pass. */
  readonly incorporated: Uint16Array;
  readonly holdings: Int32Array;
  readonly groupZipf: Zipf | null;
  readonly professionalZipf: Zipf | null;
  readonly personStride: number;
  /** Where the professional few start among persons, so they are not simply the first ones. */
  readonly personOffset: number;
  /** One generator per purpose, reseeded per entity; never shared between two worlds. */
  readonly rng: { readonly entity: Rng; readonly name: Rng; readonly links: Rng; readonly events: Rng };
  readonly counters: Counters;
}

/** How many of each kind a corpus of `entities` holds: about 62% companies, 37% persons, 1% assets. */
export function entityCounts(entities: number): { persons: number; companies: number; assets: number } {
  const assets = Math.floor(entities * 0.01);
  const persons = Math.round(entities * 0.37);
  return { persons, companies: entities - persons - assets, assets };
}

export function buildWorld(entities: number, seed: number): World {
  const { persons, companies, assets } = entityCounts(entities);
  const jurisdiction = new Uint8Array(companies);
  const owner = new Int32Array(companies).fill(-1);
  const flags = new Uint8Array(companies);
  const holdings = layOut(new Rng(hashSeed(seed, PURPOSE.layout, 0)), jurisdiction, owner, flags);
  const groupZipf = holdings.length > 0 ? new Zipf(holdings.length, GROUP_ZIPF_EXPONENT) : null;
  joinGroups(new Rng(hashSeed(seed, PURPOSE.layout, 1)), holdings, groupZipf, owner, flags);
  const professionals = Math.min(persons, Math.max(25, Math.round(persons / 600)));
  return {
    seed,
    persons,
    companies,
    assets,
    jurisdiction,
    owner,
    flags,
    holdings,
    groupZipf,
    incorporated: new Uint16Array(companies),
    professionalZipf: professionals > 0 ? new Zipf(professionals, PROFESSIONAL_ZIPF_EXPONENT) : null,
    personStride: scatterStride(persons),
    personOffset: persons > 0 ? hashSeed(seed, PURPOSE.layout, 2) % persons : 0,
    rng: { entity: new Rng(0), name: new Rng(0), links: new Rng(0), events: new Rng(0) },
    counters: {
      relationship: 0,
      listing: 0,
      event: 0,
      financials: 0,
      uk: new Map(),
      un: 0,
      uenByYear: new Uint16Array(64),
    },
  };
}

/** Walks the company indexes once, cutting them into cycles, chains and stand-alone companies. */
function layOut(rng: Rng, jurisdiction: Uint8Array, owner: Int32Array, flags: Uint8Array): Int32Array {
  const count = jurisdiction.length;
  const holdings = new Int32Array(count);
  let holdingCount = 0;
  const leiRate = (j: number, otherwise: number): number => (j === GB ? 0.03 : otherwise);
  let c = 0;
  while (c < count) {
    const r = rng.next();
    const left = count - c;
    if (r < P_CYCLE && left >= 4) {
      const size = rng.chance(0.7) ? 3 : 4;
      for (let k = 0; k < size; k++) {
        const j =
          k === 0
            ? SINGLE_JURISDICTIONS.sample(rng)
            : rng.chance(0.5)
              ? OFFSHORE_JURISDICTIONS.sample(rng)
              : HOLDING_JURISDICTIONS.sample(rng);
        jurisdiction[c + k] = j;
        owner[c + k] = c + ((k + 1) % size);
        flags[c + k] = CYCLE | (rng.chance(leiRate(j, 0.15)) ? LEI : 0);
      }
      c += size;
    } else if (r < P_CYCLE + P_CHAIN && left >= 2) {
      const length = Math.min(CHAIN_LENGTHS.sample(rng), left);
      for (let k = 0; k < length; k++) {
        const top = k === length - 1;
        const j =
          k === 0
            ? CHAIN_BOTTOM_JURISDICTIONS.sample(rng)
            : top
              ? rng.chance(0.4)
                ? OFFSHORE_JURISDICTIONS.sample(rng)
                : HOLDING_JURISDICTIONS.sample(rng)
              : rng.chance(0.55)
                ? OFFSHORE_JURISDICTIONS.sample(rng)
                : SINGLE_JURISDICTIONS.sample(rng);
        jurisdiction[c + k] = j;
        if (!top) owner[c + k] = c + k + 1;
        flags[c + k] = (top ? 0 : CHAIN) | (rng.chance(leiRate(j, 0.2)) ? LEI : 0);
      }
      c += length;
    } else {
      const holding = rng.chance(P_HOLDING);
      const j = holding ? HOLDING_JURISDICTIONS.sample(rng) : SINGLE_JURISDICTIONS.sample(rng);
      jurisdiction[c] = j;
      flags[c] = (holding ? HOLDING : 0) | (rng.chance(holding ? 0.4 : leiRate(j, 0.12)) ? LEI : 0);
      if (holding) holdings[holdingCount++] = c;
      c += 1;
    }
  }
  return holdings.slice(0, holdingCount);
}

/**
 * Puts some companies without a structural owner under a group holding, Zipf-weighted so a few groups are huge.
 * Holdings and cycle members never join a group, so the only cycles are the ones laid out on purpose.
 */
function joinGroups(rng: Rng, holdings: Int32Array, zipf: Zipf | null, owner: Int32Array, flags: Uint8Array): void {
  if (zipf === null) return;
  for (let c = 0; c < owner.length; c++) {
    const f = flags[c] ?? missing('company flags');
    if (owner[c] !== -1 || (f & (HOLDING | CYCLE)) !== 0 || !rng.chance(P_GROUP_MEMBER)) continue;
    const parent = holdings[zipf.sample(rng)] ?? missing('group holding');
    owner[c] = parent;
    flags[c] = f | TREE | (((flags[parent] ?? missing('company flags')) & LEI) !== 0 && rng.chance(0.45) ? LEI : 0);
  }
}

/** A person index, or -1 when there are no persons: mostly uniform, sometimes one of the professional few. */
export function pickPerson(world: World, rng: Rng, professionalRate: number): number {
  if (world.persons === 0) return -1;
  if (world.professionalZipf !== null && rng.chance(professionalRate)) {
    return (world.professionalZipf.sample(rng) * world.personStride + world.personOffset) % world.persons;
  }
  return rng.below(world.persons);
}

/** A group holding company, Zipf-weighted, or -1 when there are none. */
export function pickHolding(world: World, rng: Rng): number {
  if (world.groupZipf === null) return -1;
  return world.holdings[world.groupZipf.sample(rng)] ?? missing('group holding');
}

/**
 * Companies numbered 90000000 on, up to the demo's range (99000000 on); the rest from 70000000 on, up to 80000000,
 * where the benchmark's stream of new companies is numbered: room for 19M companies.
 */
const HIGH_NUMBERS = 9_000_000;

/**
 * Company `c`'s registry number: eight digits, unique over the synthetic companies, above every number Companies
 * House has issued (below 17000000); it is also the root of the company's other registry numbers (SIREN, CNPJ, SEC).
 */
export function registryNumber(c: number): number {
  return c < HIGH_NUMBERS ? 90_000_000 + c : 70_000_000 + (c - HIGH_NUMBERS);
}

export function companyId(world: World, c: number): string {
  return world.jurisdiction[c] === GB ? `gb-coh:${registryNumber(c)}` : `syn:c${c}`;
}

export function personId(p: number): string {
  return `syn:p${p}`;
}

export function assetId(a: number): string {
  return `syn:a${a}`;
}

export function incorporationDay(world: World, c: number): number {
  return FIRST_INCORPORATION + (world.incorporated[c] ?? missing('incorporation day'));
}
