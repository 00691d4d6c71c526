// Synthetic assets (vessels, aircraft, real estate) and the companies, often offshore, that hold them.
import { address } from './addresses.js';
import { countryName, type CountryCode } from './countries.js';
import { isoDate } from './dates.js';
import { isOffshore } from './jurisdictions.js';
import { VESSEL_WORDS } from './names/company-words.js';
import { syntheticProvenance, type Emit, type EntityInput } from './provenance.js';
import { hashSeed, Weighted, type Rng } from './random.js';
import { assetOwnership } from './relationships.js';
import {
  assetId,
  companyId,
  incorporationDay,
  personId,
  pickHolding,
  pickPerson,
  PURPOSE,
  TODAY,
  type World,
} from './world.js';
import { missing } from '../../../engine/errors/missing.js';

type AssetKind = 'vessel' | 'aircraft' | 'property';

const KINDS = new Weighted<AssetKind>([
  ['vessel', 40],
  ['aircraft', 20],
  ['property', 40],
]);
const FLAGS = new Weighted<CountryCode>([
  ['PA', 25],
  ['MH', 20],
  ['LR', 15],
  ['MT', 12],
  ['BS', 8],
  ['CY', 8],
  ['GB', 7],
  ['VG', 5],
]);
const VESSEL_TYPES = [
  'Bulk carrier',
  'Crude oil tanker',
  'Container ship',
  'Motor yacht',
  'LNG carrier',
  'General cargo ship',
] as const;
const AIRCRAFT = [
  'Gulfstream G650ER',
  'Bombardier Global 7500',
  'Dassault Falcon 8X',
  'Embraer Legacy 600',
  'Bombardier Challenger 350',
  'Cessna Citation Longitude',
  'Boeing 737 BBJ',
  'Airbus ACJ320neo',
  'Pilatus PC-24',
] as const;
/** Register and registration-mark shape: `#` a digit, `@` a letter. */
const AIRCRAFT_REGISTERS = new Weighted<readonly [CountryCode, string]>([
  [['IM', 'M-@@@@'], 30],
  [['BM', 'VP-B@@'], 15],
  [['MT', '9H-@@@'], 15],
  [['GB', 'G-@@@@'], 15],
  [['US', 'N###@@'], 15],
  [['AE', 'A6-@@@'], 10],
]);
const PROPERTY_COUNTRIES = new Weighted<CountryCode>([
  ['GB', 70],
  ['FR', 6],
  ['ES', 6],
  ['CH', 5],
  ['AE', 6],
  ['US', 4],
  ['CY', 3],
]);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function mark(rng: Rng, pattern: string): string {
  let out = '';
  for (const ch of pattern) out += ch === '@' ? LETTERS.charAt(rng.below(26)) : ch === '#' ? String(rng.below(10)) : ch;
  return out;
}

/** A 7-digit IMO number with its check digit (the last digit is the weighted sum 7…2 of the others, mod 10). */
function imoNumber(a: number): string {
  const base = String(600000 + (a % 400000));
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += (base.charCodeAt(i) - 48) * (7 - i);
  return base + String(sum % 10);
}

function describe(
  rng: Rng,
  a: number,
  kind: AssetKind,
): Pick<EntityInput, 'name' | 'jurisdiction' | 'description' | 'addresses'> {
  switch (kind) {
    case 'vessel': {
      const flag = FLAGS.sample(rng);
      const name = `${rng.pick(VESSEL_WORDS.first)} ${rng.pick(VESSEL_WORDS.second)}`.toUpperCase();
      return {
        name,
        jurisdiction: flag,
        description: `${rng.pick(VESSEL_TYPES)}, IMO ${imoNumber(a)}, flag ${countryName(flag)}, built ${rng.int(1995, 2024)}.`,
      };
    }
    case 'aircraft': {
      const [register, pattern] = AIRCRAFT_REGISTERS.sample(rng);
      const model = rng.pick(AIRCRAFT);
      const registration = mark(rng, pattern);
      return {
        name: `${model} ${registration}`,
        jurisdiction: register,
        description: `Business jet ${model}, registration ${registration}, serial number ${rng.int(1000, 9999)}.`,
      };
    }
    case 'property': {
      const country = PROPERTY_COUNTRIES.sample(rng);
      const where = address(rng, country);
      const use = rng.chance(0.6) ? 'Residential property' : 'Commercial property';
      const title = country === 'GB' ? `, title number ${mark(rng, '@@')}${rng.int(100000, 999999)}` : '';
      return { name: where, jurisdiction: country, addresses: [where], description: `${use}${title}.` };
    }
  }
}

export function assetRecord(world: World, a: number, emit: Emit): void {
  const rng = world.rng.entity.reseed(hashSeed(world.seed, PURPOSE.asset, a));
  const id = assetId(a);
  emit.push({
    record: 'entity',
    id,
    type: 'asset',
    ...describe(rng, a, KINDS.sample(rng)),
    provenance: [syntheticProvenance(id)],
  });
}

/** The registered owner, a company that is more often a group holding or offshore; sometimes a beneficial owner too. */
export function assetRelationships(world: World, a: number, emit: Emit): void {
  if (world.companies === 0) return;
  const rng = world.rng.links.reseed(hashSeed(world.seed, PURPOSE.assetLinks, a));
  let owner = rng.chance(0.5) ? pickHolding(world, rng) : -1;
  for (let tries = 0; owner < 0 && tries < 3; tries++) {
    const c = rng.below(world.companies);
    if (isOffshore(world.jurisdiction[c] ?? missing('company jurisdiction')) || tries === 2) owner = c;
  }
  const since = incorporationDay(world, owner);
  const start = isoDate(since >= TODAY ? since : since + rng.below(TODAY - since));
  emit.push(
    assetOwnership(world, companyId(world, owner), assetId(a), 'registered-owner', { min: 100, max: 100 }, start),
  );
  const person = rng.chance(0.2) ? pickPerson(world, rng, 0.02) : -1;
  if (person >= 0) emit.push(assetOwnership(world, personId(person), assetId(a), 'beneficial-owner', null, null));
}
