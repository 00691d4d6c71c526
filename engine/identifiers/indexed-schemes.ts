// The identifier schemes the identifier index holds: those looked up by identifier, and those matched exactly.
import { FTM_IDENTIFIER_PROPERTIES } from './ftm-properties.js';
import { isIdentifierScheme } from './schemes.js';

/** Schemes a query by example names (an IMO number, an INN, a registration number): found by value, not by name. */
const MATCHED_SCHEMES: ReadonlySet<string> = new Set(Object.values(FTM_IDENTIFIER_PROPERTIES));

/** Whether identifiers of this scheme go into the identifier index, at build and when a live change adds them. */
export function isIndexedScheme(scheme: string): boolean {
  return isIdentifierScheme(scheme) || MATCHED_SCHEMES.has(scheme);
}
