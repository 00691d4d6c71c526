// Risk material for synthetic entities: sanctions designations (identifiers plus listing records), PEP positions
// and offshore-leak mentions. Every reference sits in a range no real list uses.
import type { Identifier, SanctionsList } from '../../../engine/model/records.js';
import { countryName, type CountryCode } from './countries.js';
import { dayNumber, isoDate } from './dates.js';
import { LEAKS } from './names/company-words.js';
import { GB_TOWNS, PLACES } from './names/places.js';
import { syntheticProvenance, type Emit } from './provenance.js';
import type { Rng } from './random.js';
import type { World } from './world.js';

type UkPrefix = 'RUS' | 'CYB' | 'GHR';

interface Regime {
  readonly ofac: (listedOn: number) => string;
  readonly eu: string | null;
  readonly uk: { readonly program: string; readonly prefix: UkPrefix } | null;
  readonly un: string | null;
  readonly earliest: number;
  readonly designation: string;
}

const EO14024 = dayNumber(2021, 4, 15);

const REGIMES = {
  russia: {
    ofac: (day) => (day < EO14024 ? 'UKRAINE-EO13661' : 'RUSSIA-EO14024'),
    eu: 'RUSSIA',
    uk: { program: 'Russia', prefix: 'RUS' },
    un: null,
    earliest: dayNumber(2014, 3, 17),
    designation: 'operating in a sector of the Russian economy',
  },
  terrorism: {
    ofac: () => 'SDGT',
    eu: 'TERRORISM',
    uk: null,
    un: 'ISIL (Da’esh) and Al-Qaida',
    earliest: dayNumber(2014, 1, 1),
    designation: 'providing financial support to a designated terrorist group',
  },
  iran: {
    ofac: () => 'IRAN',
    eu: 'IRAN',
    uk: null,
    un: null,
    earliest: dayNumber(2014, 1, 1),
    designation: 'procurement on behalf of a sanctioned Iranian entity',
  },
  syria: {
    ofac: () => 'SYRIA',
    eu: 'SYRIA',
    uk: null,
    un: null,
    earliest: dayNumber(2014, 1, 1),
    designation: 'supporting the Syrian regime',
  },
  cyber: {
    ofac: () => 'CYBER2',
    eu: 'CYBER',
    uk: { program: 'Cyber', prefix: 'CYB' },
    un: null,
    earliest: dayNumber(2017, 1, 1),
    designation: 'malicious cyber-enabled activities',
  },
  humanRights: {
    ofac: () => 'GLOMAG',
    eu: 'Global Human Rights',
    uk: { program: 'Global Human Rights', prefix: 'GHR' },
    un: null,
    earliest: dayNumber(2018, 1, 1),
    designation: 'serious human rights abuse',
  },
} as const satisfies Record<string, Regime>;
type RegimeKey = keyof typeof REGIMES;

const LAST_LISTING = dayNumber(2026, 10, 31);
const UK_CAPACITY = 5000; // UK references run RUS5000 … RUS9999
const UN_CAPACITY = 900; // UN references run SYi.100 … SYi.999

function regimeFor(rng: Rng, country: string): RegimeKey {
  const r = rng.next();
  if (['RU', 'BY', 'KZ', 'UA'].includes(country)) return r < 0.75 ? 'russia' : r < 0.85 ? 'cyber' : 'humanRights';
  if (['SY', 'LB'].includes(country)) return r < 0.6 ? 'syria' : 'terrorism';
  if (country === 'CN' || country === 'HK') return r < 0.6 ? 'cyber' : 'humanRights';
  if (country === 'VE') return 'humanRights';
  return r < 0.4 ? 'russia' : r < 0.65 ? 'iran' : r < 0.9 ? 'terrorism' : 'humanRights';
}

export interface Designation {
  readonly identifiers: Identifier[];
  /** Designation text, for a person's `position`. */
  readonly text: string;
}

/**
 * Designates an entity on one or two lists: returns its list identifiers and pushes the listing records. `ordinal`
 * is unique over persons and companies, so OFAC (80000000 + ordinal) and EU (90000000 + ordinal) ids never repeat.
 */
export function designate(
  world: World,
  rng: Rng,
  entityId: string,
  ordinal: number,
  country: string,
  individual: boolean,
  emit: Emit,
): Designation {
  const regime: Regime = REGIMES[regimeFor(rng, country)];
  const ukCount = regime.uk === null ? UK_CAPACITY : (world.counters.uk.get(regime.uk.prefix) ?? 0);
  const candidates: SanctionsList[] = ['OFAC'];
  if (regime.eu !== null) candidates.push('EU');
  if (ukCount < UK_CAPACITY) candidates.push('UK');
  if (regime.un !== null && world.counters.un < UN_CAPACITY && rng.chance(0.4)) candidates.push('UN');
  rng.shuffle(candidates);
  const lists = candidates.slice(0, rng.chance(0.55) ? 2 : 1);
  const first = regime.earliest + rng.below(LAST_LISTING - regime.earliest + 1);
  const identifiers: Identifier[] = [];
  lists.forEach((list, i) => {
    const listedOn = Math.min(LAST_LISTING, first + (i === 0 ? 0 : rng.below(400)));
    let program: string;
    let reference: string;
    switch (list) {
      case 'OFAC':
        program = regime.ofac(listedOn);
        reference = String(80000000 + ordinal);
        identifiers.push({ scheme: 'ofac', value: reference });
        break;
      case 'EU':
        program = regime.eu ?? 'EU';
        reference = String(90000000 + ordinal);
        identifiers.push({ scheme: 'eu', value: reference });
        break;
      case 'UK': {
        const uk = regime.uk ?? { program: 'Russia', prefix: 'RUS' };
        program = uk.program;
        reference = `${uk.prefix}${5000 + ukCount}`;
        world.counters.uk.set(uk.prefix, ukCount + 1);
        identifiers.push({ scheme: 'uk', value: reference });
        break;
      }
      case 'UN':
        program = regime.un ?? 'UN';
        reference = `SY${individual ? 'i' : 'e'}.${100 + world.counters.un++}`;
        identifiers.push({ scheme: 'un', value: reference });
        break;
    }
    const n = world.counters.listing++;
    emit.push({
      record: 'listing',
      entity_id: entityId,
      list,
      program,
      listed_on: isoDate(listedOn),
      reference,
      remarks: 'Synthetic designation (not real).',
      provenance: syntheticProvenance(`syn-lst-${n}`),
    });
  });
  return { identifiers, text: `Designated for ${regime.designation}` };
}

const PEP_ROLES = [
  'Member of Parliament',
  'Deputy Minister of Finance',
  'Deputy Minister of Energy',
  'Minister of Transport',
  'Deputy Governor of the Central Bank',
  'Member of the Regional Assembly',
  'Ambassador to the United Kingdom',
  'Judge of the Supreme Court',
  'Chief Executive of the State Development Corporation',
  'Senior Military Officer',
  'Member of the Senate',
  'Head of the State Customs Service',
  'Board Member of the National Oil Company',
] as const;

/** A politically exposed position in the person's country: `Deputy Minister of Energy, Ukraine`. */
export function pepPosition(rng: Rng, country: CountryCode): string {
  if (rng.chance(0.15)) {
    const town = country === 'GB' ? rng.pick(GB_TOWNS)[0] : rng.pick(PLACES[country].towns).split(',')[0];
    return `Mayor of ${town ?? 'the capital'}, ${countryName(country)}`;
  }
  return `${rng.pick(PEP_ROLES)}, ${countryName(country)}`;
}

/** The description of a company named in a fictional leak. */
export function leakDescription(rng: Rng): string {
  const from = 1998 + rng.below(16);
  return `Named in the ${rng.pick(LEAKS)} (a fictional leak): registered-agent records ${from}–${from + 1 + rng.below(8)}.`;
}

/** Whether a company in this jurisdiction is sanctioned: Russian companies far more often, onshore rarely. */
export function companySanctionRate(code: string, offshore: boolean): number {
  if (code === 'RU') return 0.03;
  if (code === 'CY' || code === 'AE') return 0.006;
  return offshore ? 0.004 : 0.0004;
}
