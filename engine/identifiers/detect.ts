// Recognises identifiers in a bare search-box string, so a search can try an exact lookup before fuzzy matching.

import { normaliseIdentifier } from './normalise.js';
import { isIdentifierScheme, type IdentifierScheme } from './schemes.js';

export interface DetectedIdentifier {
  scheme: IdentifierScheme;
  value: string;
}

const PREFIXED = /^([a-z][a-z-]*)\s*:(.*)$/i;

// Only shapes that are seldom anything else: a wrong guess costs a lookup, a noisy one costs trust in the
// results. Bare digit strings of other lengths could be a CIK, a KRS, an OFAC uid or an EU logicalId alike,
// so they are never guessed. Shapes are exact (no zero-padding), the scheme's check digits then decide.
const BARE_SHAPES: ReadonlyArray<{ scheme: IdentifierScheme; shape: RegExp }> = [
  { scheme: 'lei', shape: /^[A-Z0-9]{18}[0-9]{2}$/i },
  { scheme: 'gb-coh', shape: /^(?:[0-9]{8}|[A-Z][A-Z0-9][0-9]{6}|[A-Z]{2}[0-9]{5}R)$/i },
  { scheme: 'siren', shape: /^[0-9]{9}$/ },
  { scheme: 'br-cnpj', shape: /^[0-9]{14}$|^[0-9]{2}\.[0-9]{3}\.[0-9]{3}\/[0-9]{4}-[0-9]{2}$/ },
  { scheme: 'un', shape: /^[A-Z]{2}[IE]\.?[0-9]{3}$/i },
  { scheme: 'uk', shape: /^[A-Z]{3}[0-9]{4}$/i },
];

/**
 * Identifiers worth looking up for `raw`. An explicit `scheme:value` (`lei:…`, `gb-coh:123`) is taken at its
 * word: that scheme only, and nothing when the value is invalid. Otherwise every scheme whose shape matches.
 */
export function detectIdentifiers(raw: string): DetectedIdentifier[] {
  const trimmed = raw.trim();
  const prefixed = PREFIXED.exec(trimmed);
  const scheme = prefixed?.[1]?.toLowerCase();
  if (prefixed !== null && scheme !== undefined && isIdentifierScheme(scheme)) {
    const result = normaliseIdentifier(scheme, prefixed[2] ?? '');
    return result.ok ? [{ scheme, value: result.value }] : [];
  }
  // Typed identifiers are often grouped with spaces ("SC 123456", "552 100 554").
  const compact = trimmed.replace(/\s+/g, '');
  const found: DetectedIdentifier[] = [];
  for (const { scheme: candidate, shape } of BARE_SHAPES) {
    if (!shape.test(compact)) continue;
    const result = normaliseIdentifier(candidate, compact);
    if (result.ok) found.push({ scheme: candidate, value: result.value });
  }
  return found;
}
