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
  nameWordEntries: 'name-word-entries',
  nameFlexsearch: 'name-flexsearch',
  nameSounds: 'name-sounds',
  nameNativeSounds: 'name-native-sounds',
  offsets: 'offsets',
  entityColumns: 'entity-columns',
  identifierColumns: 'identifier-columns',
  edges: 'edges',
  owners: 'owners',
  eventTimeline: 'event-timeline',
} as const;

/** Families whose records the loader keeps as bytes, located through the `offsets` family. */
export const RECORD_FAMILIES = ['entities', 'relationships', 'listings', 'statements', 'financials', 'events'] as const;
export type RecordFamily = (typeof RECORD_FAMILIES)[number];

/** Every family a loader needs; a snapshot missing one of them is incomplete. */
export const REQUIRED_FAMILIES: readonly string[] = Object.values(FAMILIES);
