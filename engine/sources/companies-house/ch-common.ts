// Shared pieces of the Companies House readers (the importers and the live client): ids, public URLs, provenance, company numbers and addresses.
import { normaliseIdentifier } from '../../identifiers/index.js';
import type { Provenance } from '../../model/records.js';

export const CH_SOURCE = 'gb-coh';
export const CH_SITE = 'https://find-and-update.company-information.service.gov.uk';

/** A company number as Companies House prints it (8 characters, zero-padded, prefixes kept), or null when invalid. */
export function companyNumber(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const r = normaliseIdentifier('gb-coh', String(raw));
  return r.ok ? r.value : null;
}

export const companyId = (number: string): string => `gb-coh:${number}`;
export const companyUrl = (number: string): string => `${CH_SITE}/company/${number}`;
export const officerUrl = (officerId: string): string =>
  `${CH_SITE}/officers/${encodeURIComponent(officerId)}/appointments`;

export function provenance(recordId: string, url: string | null, retrievedAt: string): Provenance {
  return { source: CH_SOURCE, record_id: recordId, url, retrieved_at: retrievedAt };
}

/** The address keys of the Companies House APIs, in the order a letter is addressed. */
const ADDRESS_KEYS = [
  'care_of',
  'po_box',
  'premises',
  'address_line_1',
  'address_line_2',
  'locality',
  'region',
  'postal_code',
  'country',
] as const;

/** One display line of an API address object; any key may be missing or null. Null when nothing is left. */
export function addressLine(raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object') return null;
  const a = raw as Record<string, unknown>;
  return joinAddress(ADDRESS_KEYS.map((k) => a[k]));
}

/** Joins address parts, skipping blanks, and "premises, line 1" written as one part the way the register prints it. */
export function joinAddress(parts: readonly unknown[]): string | null {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim());
  return kept.length === 0 ? null : kept.join(', ');
}

/** Reads a plain JSON object field by name, narrowing `unknown` without casts at every use. */
export function field(obj: unknown, name: string): unknown {
  return obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>)[name] : undefined;
}

export function text(obj: unknown, name: string): string | null {
  const v = field(obj, name);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}
