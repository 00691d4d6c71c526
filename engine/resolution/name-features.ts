// The name features of a pair of descriptions: each name of one against each of the other (words, letters run
// together, sound and consonants across scripts, numbers, legal forms, annotations), the best-agreeing pair kept.
import {
  compareLegalForms,
  type LegalFormFacts,
  RUN_TOGETHER_EQUAL,
  letterOverlap,
  nameSounds,
  runTogetherSimilarity,
} from '../names/index.js';
import { writtenOrders, type ComparedName } from './compared-name.js';
import { consonantAgreement, heardScore } from './consonant-agreement.js';
import { isTranslatedGenericWord, saidInEnglish } from './generic-word-translations.js';
import { roundScore, type Explanations } from './match-explanations.js';
import { namesNumbers, numbersAgree } from './name-numbers.js';
import { kindsAdded } from './organisation-kinds.js';
import { NAMES_CHAIN, namesBetweenScripts, personNameFeatures } from './person-name-features.js';
import type { SubjectKind } from './subject-kind.js';
import { wordCorrespondence } from './word-agreement.js';
import type { WordRarity } from './word-rarity.js';

/** Two names' written words with their breaks removed: 0.95 when the letters agree (Petroplus, Petro Plus). */
function runTogetherWords(a: readonly string[], b: readonly string[]): number {
  if (a.length === b.length) return 0;
  const x = a.join('');
  return x !== '' && x === b.join('') ? RUN_TOGETHER_EQUAL : 0;
}

/** A cross-script pair whose names sound alike scores from this floor up, by how many letters agree. */
const SOUNDING_FLOOR = 0.6;

/** Numbers in both names that differ (No. 6, No. 8): a sister ship or another fund, not a spelling. */
const NUMBERS_DIFFER = 0.5;

/** A number on one side only: often an annotation, sometimes a sibling. */
const NUMBER_ONE_SIDE = 0.9;

/** Legal forms of different countries' law: a GmbH and a Sdn. Bhd. are two companies. */
const LEGAL_COUNTRIES_DIFFER = 0.3;

/**
 * Legal forms of different kinds in one country's law (an OOO and an AO, a Ltda. and an S.A.): a company converted
 * keeps its name, and lists give the name it had before (ZALIV SHIPYARD LLC, OJSC ZALIV SHIPYARD), so one name,
 * respelled at most, under another kind stays a match; forms of two countries' law do not.
 */
const LEGAL_KINDS_DIFFER = 0.05;

/**
 * One name spelled two ways (every word of each has a close counterpart in the other, or the same letters with the
 * word breaks moved) keeps this share of what its spelling lost: Mahmood Shahid and Mehmoud Shahid are one name,
 * more surely than a name and the same name with a word added.
 */
const RESPELLED_KEEPS = 0.25;

/**
 * A name and the same name with words that only say what kind of organisation it is (Foundation, Brigade) keep this
 * much: lists give both for one organisation, though a Center may be another body of the same name.
 */
const KIND_ADDED_KEEPS = 0.95;

/** One name adds a word that makes it a group or holding company: the holding is not the company it holds. */
const HOLDING_ADDED = 0.1;

/** Words that make a company's name that of a group or holding company. */
const HOLDING_WORDS: ReadonlySet<string> = new Set([
  'holding',
  'holdings',
  'group',
  'groupe',
  'gruppe',
  'grupo',
  'gruppo',
]);

/**
 * A name read from an acronym in parentheses or from the name without its branch keeps this much: an acronym names
 * several entities, a branch is the entity in one place. An ex- or f/k/a name is a name of the entity itself.
 */
const ANNOTATION_KEEPS = 0.97;

/**
 * `own`'s core with the words of its legal forms back that are words of `other`'s core, or those said in another
 * language (National Bank, a form of the United States, is Banco Nacional's name), in the order written; the core
 * itself when it had no form or none is a word of the other name.
 */
function formWordsKept(own: ComparedName, other: ComparedName): readonly string[] {
  const core = own.normalised.core;
  if (own.spoken === core) return core;
  const inOther = (w: string): boolean => other.normalised.core.some((o) => o === w || isTranslatedGenericWord(w, o));
  if (!own.spoken.some((w) => !core.includes(w) && inOther(w))) return core;
  const kept = own.spoken.filter((w) => core.includes(w) || inOther(w));
  return kept.length === core.length ? core : kept;
}

/**
 * The core without the one-word legal form it closes with, where the form was kept as a word of the name (Society,
 * Association, Anstalt: words of names too); null when it closes with none, or nothing else would be left.
 */
function withoutClosingForm(name: ComparedName): readonly string[] | null {
  const core = name.normalised.core;
  const last = core[core.length - 1];
  if (core.length < 2 || !name.forms.some((f) => f.phrase === last)) return null;
  return core.slice(0, -1);
}

/** A name read without the branch or the place written after it: the entity somewhere, not its name. */
const located = (name: ComparedName): boolean => name.within?.from === 'branch' || name.within?.from === 'place';

/**
 * What a name read out of another written name keeps of the score, said in `explain`: all of it when it is the
 * entity's own name (another name given, the name without its article or read another way, without a label), else
 * ANNOTATION_KEEPS; 1 for a name as written.
 */
function annotationKeeps(side: ComparedName, explain: Explanations): number {
  if (side.within === undefined) return 1;
  const { written, from } = side.within;
  const own = from === 'alias' || from === 'article' || from === 'reading' || from === 'label';
  explain['annotation'] = {
    score: own ? 1 : ANNOTATION_KEEPS,
    detail:
      from === 'alias'
        ? `"${side.raw}" is another name "${written}" gives`
        : from === 'article'
          ? `"${side.raw}" is "${written}" without its article`
          : from === 'reading'
            ? `"${side.raw}" is "${written}" as another romanisation reads it`
            : from === 'acronym'
              ? `"${side.raw}" is read from the acronym of "${written}"`
              : from === 'label'
                ? `"${side.raw}" is "${written}" without the label or "care of" around it`
                : from === 'place'
                  ? `"${side.raw}" is "${written}" without the place written after it`
                  : `"${side.raw}" is "${written}" without its branch`,
  };
  return own ? 1 : ANNOTATION_KEEPS;
}

/** The name features of the best-agreeing pair of names. */
export function nameFeatures(
  a: readonly ComparedName[],
  b: readonly ComparedName[],
  kind: SubjectKind,
  rarity: WordRarity,
): { score: number; explain: Explanations } {
  let best: { score: number; explain: Explanations } | null = null;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    for (let j = 0; j < b.length; j++) {
      const y = b[j];
      if (x === undefined || y === undefined) continue;
      if (x.normalised.core.length === 0 || y.normalised.core.length === 0) continue;
      // Two branches or two addresses are the entity in two places; their names without the place say nothing of that.
      if (located(x) && located(y)) continue;
      const pair = `"${x.raw}" / "${y.raw}"`;
      const explain: Explanations = {};
      let words = wordCorrespondence(x.normalised.core, y.normalised.core, rarity);
      explain['name_similarity'] = { score: roundScore(words.score), detail: `words of ${pair}, after normalisation` };
      const xKept = formWordsKept(x, y);
      const yKept = formWordsKept(y, x);
      if (xKept !== x.normalised.core || yKept !== y.normalised.core) {
        const kept = wordCorrespondence(xKept, yKept, rarity);
        if (kept.score > words.score) {
          words = kept;
          explain['form_words'] = {
            score: roundScore(kept.score),
            detail: `"${xKept.join(' ')}" / "${yKept.join(' ')}": words read as a legal form in one name are words of the other`,
          };
        }
      }
      const xClosing = withoutClosingForm(x);
      const yClosing = withoutClosingForm(y);
      if (xClosing !== null && yClosing !== null && compareLegalForms(x.forms, y.forms) === 'agree') {
        const bare = wordCorrespondence(xClosing, yClosing, rarity);
        if (bare.score > words.score) {
          words = bare;
          explain['closing_forms'] = {
            score: roundScore(bare.score),
            detail: `"${xClosing.join(' ')}" / "${yClosing.join(' ')}": each name closes with a word of a legal form, of one kind`,
          };
        }
      }
      const withFather = x.patronymics.length > 0 ? x : y;
      const without = withFather === x ? y : x;
      if (withFather.patronymics.length > 0 && without.patronymics.length === 0) {
        // One name gives the father's name and the other does not: it is unknown on one side, not different.
        const bare = withFather.normalised.core.filter((w) => !withFather.patronymics.includes(w));
        const unfathered = wordCorrespondence(bare, without.normalised.core, rarity);
        if (unfathered.score > words.score) {
          words = unfathered;
          explain['patronymic'] = {
            score: roundScore(unfathered.score),
            detail: `"${withFather.patronymics.join(' ')}" is a patronymic that "${without.raw}" does not give`,
          };
        }
      }
      const similarity = words.score;
      let score = similarity;
      // Letters without word breaks can only add to words that agree less than letters that are the same.
      const writtenTogether = runTogetherWords(x.written, y.written);
      const together =
        writtenTogether > 0 || similarity >= RUN_TOGETHER_EQUAL
          ? writtenTogether
          : runTogetherSimilarity(x.normalised, y.normalised, similarity);
      if (together > similarity) {
        explain['run_together'] = { score: roundScore(together), detail: `letters of ${pair} without word breaks` };
        score = together;
      }
      if (words.complete || together === RUN_TOGETHER_EQUAL) {
        score = Math.max(score, 1 - (1 - score) * RESPELLED_KEEPS);
        explain['respelled'] = {
          score: 1,
          detail: words.complete
            ? `every word of ${pair} has a close counterpart in the other`
            : `${pair} have the same letters, with word breaks in other places`,
        };
      }
      if (kind !== 'person' && kind !== 'vessel') {
        // One name adds words that only say what kind of organisation it is: the same name, or it nearly is.
        const kinds = kindsAdded(x.normalised.core, y.normalised.core);
        const bare = kinds === null ? null : wordCorrespondence(kinds.a, kinds.b, rarity);
        const kept = bare?.complete === true ? KIND_ADDED_KEEPS * (1 - (1 - bare.score) * RESPELLED_KEEPS) : 0;
        if (kinds !== null && kept > score) {
          explain['kind_words'] = {
            score: roundScore(kept),
            detail: `${pair} are one name, one adding what kind of organisation it is: ${kinds.added.join(', ')}`,
          };
          score = kept;
        }
      }
      // Family and given names are compared word for word, so only between names in one script.
      if (kind === 'person' && x.latin === y.latin) score = personNameFeatures(x, y, score, explain, rarity);
      if (kind !== 'person' && kind !== 'vessel') {
        const holding = words.added.find((w) => HOLDING_WORDS.has(w));
        if (holding !== undefined) {
          explain['holding'] = { score: 0, detail: `"${holding}" makes one of ${pair} a group or holding company` };
          score -= HOLDING_ADDED;
        }
      }
      if (x.latin !== y.latin) {
        const xs = nameSounds(x.normalised.core);
        const shared = nameSounds(y.normalised.core).find((code) => xs.includes(code));
        const sounding =
          shared === undefined
            ? 0
            : SOUNDING_FLOOR +
              (1 - SOUNDING_FLOOR) * letterOverlap(x.normalised.core.join(''), y.normalised.core.join(''));
        explain['phonetic'] = {
          score: roundScore(shared === undefined ? 0 : 1),
          detail:
            shared === undefined
              ? `${pair} in different scripts do not sound alike`
              : `${pair} in different scripts both sound ${shared}`,
        };
        score = Math.max(score, Math.min(0.95, sounding));
      }
      if (x.abjad !== y.abjad) {
        const abjad = x.abjad ? x : y;
        const other = abjad === x ? y : x;
        // Spelling variants fold Othman to Usman, whose consonants are not عثمان's: both names are also compared as
        // written, titles included (حاجی, Hajji), the other name with its stop words and without.
        // A company's common words are compared as their English words (مصرف الراجحي, Al Rajhi Bank), whose
        // consonants agree where those of two languages' words do not.
        const inEnglish = (words: readonly string[]): readonly string[] =>
          kind === 'person' ? words : words.map(saidInEnglish);
        let consonants = consonantAgreement(
          inEnglish(abjad.normalised.core),
          other.orders.map(inEnglish),
          abjad.arabic,
        );
        for (const stopWords of [false, true]) {
          if (consonants.complete && consonants.score === 1) break;
          const next = consonantAgreement(abjad.written, writtenOrders(other, stopWords), abjad.arabic);
          if (next.score > consonants.score) consonants = next;
        }
        explain['consonants'] = {
          score: roundScore(consonants.score),
          detail: `consonants "${consonants.abjad}" / "${consonants.other}" (one name in an abjad)`,
        };
        // Every word of the name with fewer found by its very consonants, the other adding words, weighs as the words
        // of two names in one script do; consonants only partly alike stay below.
        const heard = heardScore(consonants);
        score = Math.max(score, consonants.complete ? 1 - (1 - heard) * RESPELLED_KEEPS : heard);
        if (consonants.complete)
          explain['respelled'] = { score: 1, detail: `every word of ${pair} has its consonants in the other` };
        else if (kind === 'person' && score < NAMES_CHAIN) {
          const between = namesBetweenScripts(abjad, other, rarity);
          if (between !== null) {
            const { shorter, fuller, keeps } = between;
            explain['given_names'] = {
              score: 1,
              detail: `"${fuller.raw}" ${keeps} "${shorter.raw}" by their consonants, with more names`,
            };
            score = NAMES_CHAIN;
          }
        }
      }
      const person = kind === 'person';
      const xNumbers = namesNumbers(x.normalised.core, person);
      const yNumbers = namesNumbers(y.normalised.core, person);
      const agreement = numbersAgree(xNumbers, yNumbers);
      if (agreement !== 'none') {
        const factor = agreement === 'equal' ? 1 : agreement === 'one-side' ? NUMBER_ONE_SIDE : NUMBERS_DIFFER;
        explain['numbers'] = {
          score: agreement === 'equal' ? 1 : agreement === 'one-side' ? 0.5 : 0,
          detail: `numbers ${xNumbers.join(' ') || 'none'} / ${yNumbers.join(' ') || 'none'}`,
        };
        score *= factor;
      }
      const forms = compareLegalForms(x.forms, y.forms);
      if (forms !== 'none') {
        const names = (f: readonly LegalFormFacts[]): string => f.map((form) => form.phrase).join(', ');
        const of = (f: readonly LegalFormFacts[]): string =>
          f
            .map((form) => (form.countries === null ? form.phrase : `${form.phrase} (${form.countries.join(' ')})`))
            .join(', ');
        explain['legal_form'] = {
          score: forms === 'agree' ? 1 : forms === 'other-kind' ? 0.5 : 0,
          detail:
            forms === 'agree'
              ? `${names(x.forms)} / ${names(y.forms)}`
              : forms === 'other-kind'
                ? `${names(x.forms)} and ${names(y.forms)} are different kinds of company`
                : `${of(x.forms)} and ${of(y.forms)} are forms of different countries`,
        };
        if (forms === 'other-kind') score -= LEGAL_KINDS_DIFFER;
        if (forms === 'other-country') score -= LEGAL_COUNTRIES_DIFFER;
      }
      score *= annotationKeeps(x, explain);
      score *= annotationKeeps(y, explain);
      if (best === null || score > best.score) best = { score, explain };
    }
  }
  return best ?? { score: 0, explain: {} };
}
