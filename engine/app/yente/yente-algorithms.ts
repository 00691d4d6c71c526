// The scoring algorithms a yente client may name: one, the scorer `resolve` uses, under its own name and "best".
import { ServiceError } from '../../errors/service-error.js';
import { MATCH_FEATURE_DOCS } from '../../resolution/match-feature-docs.js';

export const ALGORITHM = 'unshell-v1';
/** yente's aliases for its default: both name the one algorithm here. */
const ALIASES = new Set(['best', 'default', ALGORITHM]);

const DESCRIPTION =
  'One scorer for every name comparison in unshell: names normalised and transliterated to Latin letters, compared ' +
  'word by word with each word weighed by its rarity in the corpus, with legal forms, numbers, phonetics and ' +
  'annotations as features; identifiers that agree decide and identifiers that conflict veto; birth dates and ' +
  'countries move the score. It takes no configuration; weights sent with a query are not applied.';

/** Checks the `algorithm` parameter; an algorithm this server does not run is the caller's mistake, as in yente. */
export function requireAlgorithm(name: string): string {
  if (ALIASES.has(name.trim().toLowerCase())) return ALGORITHM;
  throw new ServiceError(
    'invalid_parameter',
    `Invalid algorithm: ${name}; this server scores with ${ALGORITHM} (also named "best")`,
    'algorithm',
  );
}

/** Checks a query's `config`: the algorithm takes none, so any key is refused, as yente refuses unknown keys. */
export function requireNoConfig(config: Readonly<Record<string, unknown>>): void {
  const key = Object.keys(config)[0];
  if (key !== undefined)
    throw new ServiceError(
      'invalid_parameter',
      `Invalid configuration parameter: ${key} for algorithm ${ALGORITHM} (it takes none)`,
      'config',
    );
}

const featureDocs = Object.fromEntries(
  Object.entries(MATCH_FEATURE_DOCS).map(([name, doc]) => [
    name,
    {
      description: doc.description,
      coefficient: doc.coefficient,
      url: 'docs/resolution.md#matching-a-name',
    },
  ]),
);

/** `GET …/algorithms`, in yente's AlgorithmResponse shape. */
export function algorithmsResponse(): {
  algorithms: Array<{ name: string; description: string; features: typeof featureDocs; docs: object }>;
  default: string;
  best: string;
} {
  return {
    algorithms: [
      {
        name: ALGORITHM,
        description: DESCRIPTION,
        features: featureDocs,
        docs: { name: ALGORITHM, description: DESCRIPTION, config: {}, features: featureDocs },
      },
    ],
    default: ALGORITHM,
    best: ALGORITHM,
  };
}
