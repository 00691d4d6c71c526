// Names of the file families of a snapshot directory.

export const FAMILIES = {
  entities: 'entities',
  relationships: 'relationships',
  listings: 'listings',
  statements: 'statements',
  financials: 'financials',
  events: 'events',
  nameEntries: 'name-entries',
  nameKeys: 'name-keys',
  nameVocabulary: 'name-vocabulary',
  nameFlexsearch: 'name-flexsearch',
} as const;

/** Every family a loader needs; a snapshot missing one of them is incomplete. */
export const REQUIRED_FAMILIES: readonly string[] = Object.values(FAMILIES);
