// Who owns, controls and directs each synthetic company, replayable from (seed, index): the relationship pass writes
// these as records, and the event pass names the same people in its summaries.
import type { Share } from '../../../engine/model/records.js';
import { GB } from './jurisdictions.js';
import { hashSeed, Weighted, type Rng } from './random.js';
import { CYCLE, incorporationDay, pickHolding, pickPerson, PURPOSE, TODAY, type World } from './world.js';
import { dayNumber } from './dates.js';
import { missing } from '../../../engine/errors/missing.js';

/** PSC bands as Companies House publishes them, and the known whole holding of a share register. */
export type Band = 'q25' | 'q50' | 'q75' | 'whole';

export const BAND_SHARE: Readonly<Record<Band, Share>> = {
  q25: { min: 25, max: 50 },
  q50: { min: 50, max: 75 },
  q75: { min: 75, max: 100 },
  whole: { min: 100, max: 100 },
};

const BAND_NATURE: Readonly<Record<Band, string>> = {
  q25: '25-to-50-percent',
  q50: '50-to-75-percent',
  q75: '75-to-100-percent',
  whole: '75-to-100-percent',
};

const CONTROL_NATURES = ['right-to-appoint-and-remove-directors', 'significant-influence-or-control'] as const;

export interface Link {
  readonly kind: 'ownership' | 'control' | 'directorship';
  readonly role: string;
  readonly sourceType: 'person' | 'company';
  readonly source: number;
  readonly band: Band | null;
  readonly natures: readonly string[];
  readonly start: number;
  /** Day the appointment ended, or -1 while it lasts. */
  readonly end: number;
}

const PERSON_OWNER_COUNT = new Weighted<number>([
  [0, 12],
  [1, 45],
  [2, 28],
  [3, 10],
  [4, 5],
]);
const DIRECTOR_COUNT = new Weighted<number>([
  [1, 50],
  [2, 35],
  [3, 15],
]);
const PSC_REGISTER_START = dayNumber(2016, 4, 6); // the PSC register began on 6 April 2016
const CONTROL_RATE = 0.05;
const CORPORATE_DIRECTOR_RATE = 0.02;
const SECRETARY_RATE = 0.2;
const FORMER_OFFICER_RATE = 0.12;
const OWNER_IS_DIRECTOR_RATE = 0.55;
const NOMINEE_OWNER_RATE = 0.01; // owners drawn from the professional few
const PROFESSIONAL_DIRECTOR_RATE = 0.05;

/** Bands for `n` person owners (or co-owners), summing to at most 100 at their minimum. */
function personBands(rng: Rng, n: number, gb: boolean): Band[] {
  switch (n) {
    case 0:
      return [];
    case 1:
      return [gb || rng.chance(0.3) ? 'q75' : 'whole'];
    case 2:
      return rng.chance(0.5) ? ['q50', 'q25'] : ['q25', 'q25'];
    default:
      return Array.from({ length: n }, () => 'q25');
  }
}

function startAfter(rng: Rng, from: number, lateRate: number): number {
  return from >= TODAY || !rng.chance(lateRate) ? from : from + rng.below(TODAY - from);
}

export function companyLinks(world: World, c: number): Link[] {
  const rng = world.rng.links.reseed(hashSeed(world.seed, PURPOSE.links, c));
  const gb = world.jurisdiction[c] === GB;
  const incorporated = incorporationDay(world, c);
  const ownershipFrom = gb ? Math.max(incorporated, PSC_REGISTER_START) : incorporated;
  const role = gb ? 'psc' : 'shareholder';
  const natures = (band: Band): readonly string[] =>
    gb ? [`ownership-of-shares-${BAND_NATURE[band]}`, `voting-rights-${BAND_NATURE[band]}`] : [];
  const links: Link[] = [];
  const own = (sourceType: Link['sourceType'], source: number, band: Band): void => {
    if (source < 0) return;
    links.push({
      kind: 'ownership',
      role: band === 'whole' ? 'shareholder' : role,
      sourceType,
      source,
      band,
      natures: band === 'whole' ? [] : natures(band),
      start: startAfter(rng, ownershipFrom, 0.3),
      end: -1,
    });
  };

  const structural = world.owner[c] ?? missing('company owner');
  let soleOwner = -1;
  if (structural >= 0) {
    // Cycle members always share with a person; other corporate owners mostly hold everything.
    if (((world.flags[c] ?? missing('company flags')) & CYCLE) !== 0 || rng.chance(0.2)) {
      own('company', structural, 'q50');
      own('person', pickPerson(world, rng, NOMINEE_OWNER_RATE), 'q25');
    } else {
      own('company', structural, gb || rng.chance(0.4) ? 'q75' : 'whole');
    }
  } else {
    const n = Math.min(PERSON_OWNER_COUNT.sample(rng), world.persons);
    const bands = personBands(rng, n, gb);
    const owners: number[] = [];
    for (const band of bands) {
      const p = pickPerson(world, rng, NOMINEE_OWNER_RATE);
      if (owners.includes(p)) continue;
      owners.push(p);
      own('person', p, band);
    }
    if (owners.length === 1) soleOwner = owners[0] ?? missing('sole owner');
  }
  if (rng.chance(CONTROL_RATE)) {
    const p = pickPerson(world, rng, NOMINEE_OWNER_RATE);
    if (p >= 0) {
      links.push({
        kind: 'control',
        role: gb ? 'psc' : 'controller',
        sourceType: 'person',
        source: p,
        band: null,
        natures: [rng.pick(CONTROL_NATURES)],
        start: startAfter(rng, ownershipFrom, 0.3),
        end: -1,
      });
    }
  }

  const directors: number[] = [];
  const appoint = (sourceType: Link['sourceType'], source: number, officerRole: string): void => {
    const start = startAfter(rng, incorporated, 0.45);
    const end = TODAY - start > 2 && rng.chance(FORMER_OFFICER_RATE) ? start + 1 + rng.below(TODAY - start - 1) : -1;
    links.push({ kind: 'directorship', role: officerRole, sourceType, source, band: null, natures: [], start, end });
  };
  const count = DIRECTOR_COUNT.sample(rng);
  for (let k = 0; k < count; k++) {
    const p =
      k === 0 && soleOwner >= 0 && rng.chance(OWNER_IS_DIRECTOR_RATE)
        ? soleOwner
        : pickPerson(world, rng, PROFESSIONAL_DIRECTOR_RATE);
    if (p < 0 || directors.includes(p)) continue;
    directors.push(p);
    appoint('person', p, 'director');
  }
  if (rng.chance(CORPORATE_DIRECTOR_RATE)) {
    const h = pickHolding(world, rng);
    if (h >= 0 && h !== c) appoint('company', h, 'director');
  }
  if (rng.chance(SECRETARY_RATE)) {
    const p = pickPerson(world, rng, PROFESSIONAL_DIRECTOR_RATE);
    if (p >= 0) appoint('person', p, 'secretary');
  }
  return links;
}

/** Words for a band in event summaries: `25 to 50 percent`. */
export function bandWords(band: Band): string {
  const share = BAND_SHARE[band];
  return share.min === share.max ? `${share.min} percent` : `${share.min} to ${share.max} percent`;
}
