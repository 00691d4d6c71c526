// How records of different publishers are linked as one real entity, and how the links the resolver writes are told apart.
import type { Identifier, RelationshipRecord } from '../model/records.js';

/** Schemes whose value names exactly one real-world entity, and what the link is called in a dossier. */
export const LINKING_SCHEMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    lei: 'lei',
    'gb-coh': 'company-number',
    sec: 'identifier',
    siren: 'identifier',
    'br-cnpj': 'identifier',
    krs: 'identifier',
    uen: 'identifier',
    ofac: 'list-cross-reference',
    eu: 'list-cross-reference',
    un: 'list-cross-reference',
    uk: 'list-cross-reference',
  }),
);

/** The nature of an identity link an operator's judgement made. */
export const OPERATOR_NATURE = 'operator';

/** Whether identifiers of this scheme link records of different publishers. */
export const isLinkingScheme = (scheme: string): boolean => LINKING_SCHEMES.has(scheme);

/** The `scheme:value` keys of an entity's linking identifiers (the schemes that name exactly one entity). */
export function linkingKeys(identifiers: readonly Identifier[]): string[] {
  return identifiers.filter((i) => isLinkingScheme(i.scheme)).map((i) => `${i.scheme}:${i.value}`);
}

/** Whether a relationship is an identity link the resolver wrote (at a build, or live) rather than one a publisher asserts. */
export const isResolverLink = (rel: Pick<RelationshipRecord, 'linked_by'>): boolean => rel.linked_by !== undefined;
