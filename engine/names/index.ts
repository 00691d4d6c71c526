// Public API of name handling: normalisation for index and query, fuzzy token lookup, and name similarity.
export { foldToAscii } from './transliterate.js';
export { ABDUL_PREFIXES, foldVariant, foldVariants, VARIANT_GROUP_COUNT } from './variants.js';
export { splitLegalForms, LEGAL_FORM_CODES, STOP_WORDS, type LegalSplit } from './legal-forms.js';
export { normaliseFolded, normaliseName, normaliseQuery, normaliseSplit, type NormalisedName } from './normalise.js';
export { boundedOsaDistance, maxEditsFor, MIN_FUZZY_LENGTH, TWO_EDIT_LENGTH } from './edit-distance.js';
export { FuzzyVocabulary, MAX_CANDIDATES, MAX_DISTANCE } from './fuzzy-vocabulary.js';
export {
  letterOverlap,
  letterOverlapFrom,
  nameSimilarity,
  RUN_TOGETHER_EQUAL,
  runTogetherSimilarity,
} from './similarity.js';
export { nameSounds } from './name-sound.js';
export { hasNonLatinLetters, otherReadings } from './script-readers.js';
export { alignedWords, bestCounterparts, fMeasure, pairedCounterparts, type Counterparts } from './word-alignment.js';
export { joinedNeighbours } from './joined-neighbours.js';
export { broadConsonantSkeleton, consonantSkeleton, isAbjad } from './consonant-skeleton.js';
export { compareLegalForms, legalFormsOf, splitLegalFormFacts, type LegalFormFacts } from './legal-form-facts.js';
