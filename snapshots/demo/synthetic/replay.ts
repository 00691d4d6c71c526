// Who an entity is, replayed from (seed, index) alone: later passes re-derive names instead of keeping them in memory.
import {
  cultureOf,
  NATIONALITIES,
  PEP_NATIONALITIES,
  SANCTIONED_NATIONALITIES,
  type CountryCode,
} from './countries.js';
import { jurisdictionCode } from './jurisdictions.js';
import { companyName, type CompanyName } from './names/company-name.js';
import { fullName, personName, type PersonName } from './names/person-name.js';
import { hashSeed } from './random.js';
import { HOLDING, PURPOSE, type World } from './world.js';
import { missing } from '../../../engine/errors/missing.js';

const SANCTIONED_RATE = 0.003;
const PEP_RATE = 0.005;

export interface PersonCore {
  readonly name: PersonName;
  readonly nationality: CountryCode;
  readonly sanctioned: boolean;
  readonly pep: boolean;
}

export function personCore(world: World, p: number): PersonCore {
  const rng = world.rng.name.reseed(hashSeed(world.seed, PURPOSE.personName, p));
  const risk = rng.next();
  const sanctioned = risk < SANCTIONED_RATE;
  const pep = !sanctioned && risk < SANCTIONED_RATE + PEP_RATE;
  const nationality = (sanctioned ? SANCTIONED_NATIONALITIES : pep ? PEP_NATIONALITIES : NATIONALITIES).sample(rng);
  return { name: personName(rng, cultureOf(nationality)), nationality, sanctioned, pep };
}

export function personDisplayName(world: World, p: number): string {
  return fullName(personCore(world, p).name);
}

export function companyNameOf(world: World, c: number): CompanyName {
  const rng = world.rng.name.reseed(hashSeed(world.seed, PURPOSE.companyName, c));
  return companyName(
    rng,
    jurisdictionCode(world.jurisdiction[c] ?? missing('company jurisdiction')),
    ((world.flags[c] ?? missing('company flags')) & HOLDING) !== 0,
  );
}
