// Synthetic persons: officers and owners with a nationality, a partial birth date and, for a few, a sanctions
// designation or a politically exposed position.
import { address } from './addresses.js';
import type { CountryCode } from './countries.js';
import { dayNumber, yearMonth } from './dates.js';
import { fullName, listName } from './names/person-name.js';
import { syntheticProvenance, type Emit, type EntityInput } from './provenance.js';
import { hashSeed } from './random.js';
import { personCore } from './replay.js';
import { designate, pepPosition } from './risk.js';
import { personId, PURPOSE, type World } from './world.js';

const BORN_FROM = dayNumber(1935, 1, 1);
const BORN_TO = dayNumber(2004, 12, 31);
const BORN_MEAN = dayNumber(1970, 6, 1);
const BORN_SPREAD = 13 * 365.25;
const GB_EXPATRIATE_HOMES: readonly CountryCode[] = ['ES', 'FR', 'AE', 'US', 'CH', 'IE', 'PT', 'CY'];

/** The person's entity record, then any listing records. */
export function personRecords(world: World, p: number, emit: Emit): void {
  const core = personCore(world, p);
  const rng = world.rng.entity.reseed(hashSeed(world.seed, PURPOSE.person, p));
  const id = personId(p);
  const residence: CountryCode =
    core.nationality === 'GB'
      ? rng.chance(0.92)
        ? 'GB'
        : rng.pick(GB_EXPATRIATE_HOMES)
      : core.sanctioned || core.pep
        ? rng.chance(0.9)
          ? core.nationality
          : 'GB'
        : rng.chance(0.45)
          ? 'GB'
          : core.nationality;
  // Born around 1970: directors are mostly middle-aged. Redrawn rather than clamped, so no date piles up at a bound.
  let born = BORN_MEAN + rng.normal() * BORN_SPREAD;
  for (let tries = 0; tries < 4 && (born < BORN_FROM || born > BORN_TO); tries++)
    born = BORN_MEAN + rng.normal() * BORN_SPREAD;
  const entity: EntityInput = {
    record: 'entity',
    id,
    type: 'person',
    name: fullName(core.name),
    jurisdiction: residence,
    birth_date: yearMonth(Math.round(Math.min(BORN_TO, Math.max(BORN_FROM, born)))),
    nationalities: [core.nationality],
    provenance: [syntheticProvenance(id)],
  };
  if (rng.chance(0.3)) entity.addresses = [address(rng, residence)];
  emit.push(entity);
  if (core.sanctioned) {
    const designation = designate(world, rng, id, p, core.nationality, true, emit);
    entity.topics = ['sanction'];
    entity.identifiers = designation.identifiers;
    entity.aliases = [listName(core.name)];
    entity.position = designation.text;
  } else if (core.pep) {
    entity.topics = ['pep'];
    entity.position = pepPosition(rng, core.nationality);
  }
}
