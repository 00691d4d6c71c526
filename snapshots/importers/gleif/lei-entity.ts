// One GLEIF LEI record, whatever file it came from, as a company entity.
import { countryFromCode } from '../../../engine/sources/countries.js';
import { isoDate } from '../../../engine/sources/record-dates.js';
import { addressLine, distinct, provenance } from '../common/provenance.js';
import type { Mapped } from './mapped-record.js';

/** Companies House in GLEIF's registration authorities list: its entity ids are UK company numbers. */
export const COMPANIES_HOUSE_RA = 'RA000585';

export interface LeiAddress {
  lines: (string | null)[];
  city: string | null;
  region: string | null;
  country: string | null;
  postalCode: string | null;
}

/** The fields of an LEI record the three GLEIF layouts (LEI-CDF XML, golden-copy JSON, API JSON) share. */
export interface LeiFields {
  lei: string;
  legalName: string | null;
  otherNames: (string | null)[];
  legalAddress: LeiAddress | null;
  headquartersAddress: LeiAddress | null;
  jurisdiction: string | null;
  category: string | null;
  legalForm: string | null;
  entityStatus: string | null;
  creationDate: string | null;
  expirationDate: string | null;
  registrationAuthority: string | null;
  registrationAuthorityEntityId: string | null;
  registrationStatus: string | null;
  bics: string[];
}

export const gleifUrl = (lei: string): string => `https://search.gleif.org/#/record/${lei}`;

function formatAddress(a: LeiAddress | null): string | null {
  if (a === null) return null;
  return addressLine([...a.lines, a.city, a.postalCode, a.region, a.country]);
}

/** The entity, or the name of the field that makes the record unusable. */
export function leiEntity(f: LeiFields, retrievedAt: string): NonNullable<Mapped> {
  if (!/^[A-Z0-9]{20}$/.test(f.lei)) return { field: 'LEI', problem: `not an LEI: "${f.lei}"` };
  if (f.legalName === null || f.legalName.trim() === '') return { field: 'LegalName', problem: 'no legal name' };
  const name = f.legalName.trim();
  const identifiers = [{ scheme: 'lei', value: f.lei }];
  const raId = f.registrationAuthorityEntityId?.trim() ?? '';
  // Resolution links an LEI to the Companies House record through this number, so it gets the gb-coh scheme.
  if (raId !== '')
    identifiers.push({
      scheme: f.registrationAuthority === COMPANIES_HOUSE_RA ? 'gb-coh' : 'registration-number',
      value: raId,
    });
  for (const bic of f.bics) identifiers.push({ scheme: 'swift-bic', value: bic });
  const legal = formatAddress(f.legalAddress);
  const details = distinct([
    f.registrationStatus === null ? null : `LEI registration ${f.registrationStatus}`,
    f.category === null ? null : `category ${f.category}`,
    f.registrationAuthority === null ? null : `registration authority ${f.registrationAuthority}`,
  ]);
  return {
    record: {
      record: 'entity',
      id: `lei:${f.lei}`,
      type: 'company',
      name,
      aliases: distinct(f.otherNames, [name]),
      // LegalJurisdiction may be a subdivision (`US-DE`, `NG-LA`); the country is its first part.
      jurisdiction: countryFromCode(f.jurisdiction) ?? countryFromCode(f.legalAddress?.country),
      identifiers,
      addresses: distinct([legal, formatAddress(f.headquartersAddress)]),
      incorporation_date: isoDate(f.creationDate),
      dissolution_date: isoDate(f.expirationDate),
      status: f.entityStatus === null ? null : f.entityStatus.toLowerCase(),
      description: details.length === 0 ? null : `GLEIF: ${details.join('; ')}`,
      company: { company_number: raId === '' ? undefined : raId, company_type: f.legalForm },
      provenance: [provenance('gleif', f.lei, gleifUrl(f.lei), retrievedAt)],
    },
  };
}
