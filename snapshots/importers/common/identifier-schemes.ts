// Identifier labels as lists print them ("National ID No.", "SWIFT/BIC", "Passport") → the record format's schemes.
import type { Identifier } from '../../../engine/model/records.js';

/** A published label in lower-case kebab form: "Tax ID No." → "tax-id-no". */
export function kebab(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// Labels of the same kind of document across OFAC, UN, EU and UK are folded together so that cross-source
// resolution compares like with like; anything else keeps its own kebab name.
const SCHEMES: [RegExp, string][] = [
  [/^(alt\.? )?(diplomatic )?passport/i, 'passport'],
  [
    /^(national id|national identification|identification number|id no|id number|id card|national identity|cedula)/i,
    'national-id',
  ],
  [/^(tax id|tax identification|taxpayer|r\.?f\.?c\.?|(inn|nit|ruc|vat)\b)/i, 'tax-id'],
  [/^swift/i, 'swift-bic'],
  [/^c\.?u\.?r\.?p\b/i, 'curp'],
  [/^(vessel registration identification|imo)/i, 'imo'],
  [/^(legal entity number|lei)\b/i, 'lei'],
  [/^(uk company number|company number \(?uk)/i, 'gb-coh'],
  [
    /^(registration (number|id|no)|business registration|company number|commercial registry|registry (number|no)|regnumber)/i,
    'registration-number',
  ],
];

/** The scheme for a published identifier label; `country` (ISO alpha-2) turns a UK company number into `gb-coh`. */
export function identifierScheme(label: string, country: string | null = null): string {
  const l = label.trim();
  for (const [re, scheme] of SCHEMES) {
    if (!re.test(l)) continue;
    if (scheme === 'registration-number' && country === 'GB' && /company|commercial registry/i.test(l)) return 'gb-coh';
    return scheme;
  }
  return kebab(l) || 'identifier';
}

/** Value as it should be stored: IMO numbers lose their "IMO " prefix, whitespace is collapsed. */
export function identifierValue(scheme: string, raw: string): string {
  const v = raw.replace(/\s+/g, ' ').trim();
  if (scheme === 'imo') return v.replace(/^imo\s*/i, '');
  return v;
}

/** Appends an identifier unless the same scheme and value is already there (lists repeat documents). */
export function addIdentifier(out: Identifier[], scheme: string, raw: string): void {
  const value = identifierValue(scheme, raw);
  if (value === '' || value === '-') return;
  if (!out.some((i) => i.scheme === scheme && i.value === value)) out.push({ scheme, value });
}

/** Distinct non-empty strings, in order. */
export function uniq(values: Iterable<string>): string[] {
  const out: string[] = [];
  for (const v of values) if (v !== '' && !out.includes(v)) out.push(v);
  return out;
}
