// The shapes shared by the readers, the pair builders and the writer of the matching-pairs evaluation set.

/** The kind of thing a name belongs to, as the publisher says. */
export type EntityType = 'company' | 'person' | 'vessel';

/** One real record of one publisher, with every name the publisher gives it. */
export interface EntityRecord {
  /** Stable key of the entity within its publisher, e.g. `un:QDi.123`; the split hashes it. */
  readonly group: string;
  /** The publisher (`un`, `ofac`, `eu`, `uk`, `opensanctions`, `gleif`, `companies-house`, `watchman`). */
  readonly publisher: string;
  /** Where the record was read, e.g. `un:QDi.123` or `ofac-sdn-csv:1234`; repeated sources are `;`-joined. */
  source: string;
  readonly type: EntityType;
  /** Every name, in reading order, de-duplicated after trimming. */
  readonly names: string[];
  /** How many names were dropped as exact repeats of a name the same record already gave (`identical`). */
  repeatedNames: number;
  /** How many names were dropped because another file of the same publisher already gave them for this entity. */
  namesSeenInAnotherFile: number;
  /** The source being read now, and every (source, name) read, to tell the two kinds of repeats apart. */
  readingFrom: string;
  readonly namesRead: Set<string>;
  /** Identifier values (IMO, LEI, registration numbers, passports…), upper-cased with spaces removed. */
  readonly identifiers: Set<string>;
  /** Identifier schemes present, e.g. `imo`, `lei`, `reg` — a difference within one scheme proves two records differ. */
  readonly schemes: Map<string, Set<string>>;
  /** Years of birth given for a person. */
  readonly birthYears: Set<string>;
  /** Jurisdictions or countries (ISO alpha-2 lower-case, or English names lower-cased). */
  readonly countries: Set<string>;
  /** A hint that Han characters in its names are Japanese (the watchman section heading says so). */
  readonly japaneseContext: boolean;
}

/** One labelled pair as written to the fixture. */
export interface LabelledPair {
  readonly a: string;
  readonly b: string;
  readonly match: boolean;
  readonly kind: string;
  readonly type: EntityType;
  half: 'tune' | 'held-out';
  readonly group: string;
  /** For a negative, the group of the entity of `b`; always in the same half as `group`. */
  readonly group_b?: string;
  readonly source: string;
}

/** Counts of pairs left out, by reason. */
export type Exclusions = Map<string, number>;

export function exclude(exclusions: Exclusions, reason: string, n = 1): void {
  exclusions.set(reason, (exclusions.get(reason) ?? 0) + n);
}
