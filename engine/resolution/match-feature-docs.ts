// What each feature of the match scorer compares, in words, for the matching APIs' algorithm documentation.

export interface MatchFeatureDoc {
  description: string;
  /**
   * How the feature moves a score: 1 for the features whose best pair of names sets it, a signed amount for those
   * that add or take away (birth date, country, legal form, holding), and the share kept for those that scale it.
   */
  coefficient: number;
}

export const MATCH_FEATURE_DOCS: Readonly<Record<string, MatchFeatureDoc>> = {
  identifier: {
    description:
      'An identifier both carry (LEI, IMO number, registration number, list reference) makes the score 1; two of one scheme that differ make it 0.',
    coefficient: 1,
  },
  name_similarity: {
    description:
      'Agreement of the two names word by word after normalisation and transliteration to Latin letters, each word weighed by how rare it is among the names of the corpus.',
    coefficient: 1,
  },
  run_together: {
    description: 'The letters of both names compared with their word breaks removed (Sea Star / Seastar).',
    coefficient: 1,
  },
  form_words: {
    description:
      'A word one name reads as a legal form kept as a word of the name when the other name has it among its own words (RT-Metallurgiya: Rt. is a Hungarian form).',
    coefficient: 1,
  },
  respelled: {
    description:
      'One name spelled two ways, word for word: the score keeps a quarter of what the spelling lost (Mahmood / Mehmoud).',
    coefficient: 0.25,
  },
  phonetic: {
    description: 'How the names sound (Double Metaphone) when they are written in different scripts.',
    coefficient: 1,
  },
  consonants: {
    description: 'The consonants of a name written in an abjad (Arabic, Hebrew) against those of its romanisation.',
    coefficient: 0.9,
  },
  patronymic: {
    description: 'Two different patronymics mean two people; a patronymic only one name gives is treated as unknown.',
    coefficient: 1,
  },
  family_name: {
    description: "A person's family name, written first, that the other name lacks: a relative, perhaps.",
    coefficient: 0.85,
  },
  given_name: {
    description: "A person's own given name that the other name lacks: a son is named before his father.",
    coefficient: 0.85,
  },
  kind_words: {
    description:
      'One name adds to the other only words that say what kind of organisation it is (Foundation, Brigade, ' +
      'Institute, Complex): the same organisation, at 0.95 when the names are otherwise one.',
    coefficient: 0.95,
  },
  closing_forms: {
    description:
      'Two names each closing with a one-word legal form that is also a word of names (Society, Association, ' +
      'Anstalt), the forms of one kind: the names compared without them.',
    coefficient: 1,
  },
  given_names: {
    description:
      "Two people's names with one family name, written first, where one goes on from the other's given names " +
      "(a father's and a grandfather's name added), or from one given name after a family name distinctive in the " +
      'corpus, its family name perhaps going on too (a second surname after the first); or, written without a comma, ' +
      "one keeping the other's first and last names with more between them, or opening with all the other's names " +
      'and adding more after them, the last distinctive (the article written apart or joined: al-Ghamdi, Alghamdi), ' +
      'with or without a comma the names read in their natural order (LUBANGA, Thomas; DYILO, Thomas Lubanga): ' +
      'one person. A family name made of a given name (Saeedi, Ahmadi) is not that name.',
    coefficient: 0.95,
  },
  single_word: {
    description: "One word of a person's name against a fuller name: a given name alone names many people.",
    coefficient: 0.8,
  },
  holding: {
    description: 'One name adds Group or Holding, which takes 0.1: the holding is not the company it holds.',
    coefficient: -0.1,
  },
  numbers: {
    description:
      'Numbers in the names (No. 6 / No. 8) that differ halve the score (a sister ship or another fund); one on one side only keeps 0.9 of it (often an annotation).',
    coefficient: 0.5,
  },
  legal_form: {
    description:
      "Legal forms from the GLEIF ELF code list: forms of two countries' law (GmbH / Sdn. Bhd.) take 0.3, two companies; forms of two kinds (LLC / JSC) take 0.05, as a company converted keeps its name.",
    coefficient: -0.3,
  },
  annotation: {
    description:
      "A name read from an annotation carried with it: an ex- or f/k/a name, a name and another writing of it in brackets (another script, or a translation), the name without a payment field's label or a c/o (these two are the entity's own name), an acronym in brackets, the name without its branch or without an address, country or flag set off after it; and a person's name without the Arabic article (al-, el-), which lists write or drop.",
    coefficient: 0.97,
  },
  birth_date: {
    description: 'Birth dates that agree add 0.1 (0.05 when one gives only the year); dates that contradict take 0.3.',
    coefficient: 0.1,
  },
  country: {
    description: 'Countries (nationality, jurisdiction) given on both sides that have none in common take 0.1.',
    coefficient: -0.1,
  },
};
