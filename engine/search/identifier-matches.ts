// Entities an identifier-shaped query names directly, before any name matching: shared by search and resolve.
import type { Corpus } from '../corpus.js';
import { detectIdentifiers } from '../identifiers/index.js';

/** Entities an identifier-shaped query names directly: `scheme:value`, a bare LEI or company number, an entity id. */
export function identifierMatches(corpus: Corpus, q: string): number[] {
  const out: number[] = [];
  const direct = corpus.entities.indexOf(q.trim());
  if (direct !== undefined) out.push(direct);
  for (const { scheme, value } of detectIdentifiers(q)) {
    const ix = corpus.identifiers.get(scheme, value);
    if (ix !== undefined && !out.includes(ix)) out.push(ix);
  }
  return out;
}
