// Normalises the identifiers of an entity record and adds the one its own id implies.
import { isIdentifierScheme, normaliseIdentifier } from './index.js';
import type { Identifier } from '../model/records.js';

export interface IdentifierProblem {
  field: string;
  reason: string;
}

/** Known schemes are validated and normalised (an invalid one is dropped and reported); others are kept as given. */
export function normaliseEntityIdentifiers(
  id: string,
  identifiers: readonly Identifier[],
  problems: IdentifierProblem[],
): Identifier[] {
  const out: Identifier[] = [];
  const seen = new Set<string>();
  const push = (scheme: string, value: string): void => {
    const k = `${scheme}:${value}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ scheme, value });
    }
  };
  identifiers.forEach((ident, i) => {
    if (!isIdentifierScheme(ident.scheme)) return push(ident.scheme, ident.value);
    const r = normaliseIdentifier(ident.scheme, ident.value);
    if (r.ok) push(ident.scheme, r.value);
    else problems.push({ field: `identifiers[${i}]`, reason: r.reason });
  });
  const colon = id.indexOf(':');
  const ns = id.slice(0, colon);
  if (isIdentifierScheme(ns)) {
    const r = normaliseIdentifier(ns, id.slice(colon + 1));
    if (r.ok) push(ns, r.value);
  }
  return out;
}
