// Postal addresses in each country's own layout, for registered offices and residences.
import { countryName, cultureOf, type CountryCode } from './countries.js';
import { GB_TOWNS, PLACES } from './names/places.js';
import { AGENT_BUILDINGS, DUTCH_STREETS, GB_FORMATION_OFFICES, STREETS } from './names/streets.js';
import type { Rng } from './random.js';

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'; // the letters British inward codes use

function postcode(rng: Rng, pattern: string): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(rng.below(10));
    else if (ch === '@') out += POSTCODE_LETTERS.charAt(rng.below(POSTCODE_LETTERS.length));
    else out += ch;
  }
  return out;
}

function gbAddress(rng: Rng): string {
  const [town, area] = rng.chance(0.35) ? (GB_TOWNS[rng.below(8)] ?? ['London', 'EC']) : rng.pick(GB_TOWNS);
  const district = rng.int(1, area === 'EC' ? 4 : area === 'WC' ? 2 : 12);
  const inward = `${rng.below(10)}${POSTCODE_LETTERS.charAt(rng.below(20))}${POSTCODE_LETTERS.charAt(rng.below(20))}`;
  const unit = rng.next();
  const prefix =
    unit < 0.12
      ? `Unit ${rng.int(1, 30)}, `
      : unit < 0.24
        ? `Suite ${rng.int(1, 40)}, `
        : unit < 0.3
          ? `Flat ${rng.int(1, 60)}, `
          : '';
  return `${prefix}${rng.int(1, 240)} ${rng.pick(STREETS.gb)}, ${town}, ${area}${district} ${inward}`;
}

/**
 * A registered-office address in `country`. British companies sometimes sit at a formation agent's office, shared
 * with many others, as they do on the real register (`sharedOfficeRate`).
 */
export function companyAddress(rng: Rng, country: CountryCode, sharedOfficeRate = 0.08): string {
  if (country === 'GB') return rng.chance(sharedOfficeRate) ? rng.pick(GB_FORMATION_OFFICES) : gbAddress(rng);
  return address(rng, country);
}

export function address(rng: Rng, country: CountryCode): string {
  if (country === 'GB') return gbAddress(rng);
  const place = PLACES[country];
  const streets = place.streets ?? (country === 'NL' ? DUTCH_STREETS : STREETS[cultureOf(country)]);
  const street = rng.pick(streets);
  const town = rng.pick(place.towns);
  const code = place.postcode === undefined ? '' : postcode(rng, place.postcode);
  const num = rng.int(1, 180);
  const name = countryName(country);
  switch (place.style) {
    case 'gb':
      return `${num} ${street}, ${town}, ${code}${country === 'IE' ? ', Ireland' : ''}`;
    case 'us': {
      const split = town.lastIndexOf(' ');
      return `${num} ${street}, Suite ${rng.int(100, 2400)}, ${town.slice(0, split)}, ${town.slice(split + 1)} ${code}`;
    }
    case 'post-first':
      return `${street} ${num}, ${code} ${town}, ${name}`;
    case 'fr':
      return `${num} ${street}, ${code} ${town}, ${name}`;
    case 'agent':
      return `${rng.pick(AGENT_BUILDINGS)}, ${rng.chance(0.5) ? `${num} ` : ''}${street}, ${town}${code === '' ? '' : `, ${code}`}, ${name}`;
    case 'plain':
      return `${num} ${street}, ${town}${code === '' ? '' : ` ${code}`}, ${name}`;
  }
}
