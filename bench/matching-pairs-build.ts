// Builds bench/matching-pairs.json, the labelled name pairs the name matcher is evaluated on, from the real samples
// in ../shared/data only. Run: node dist/bench/matching-pairs-build.js [--shared DIR] [--out FILE]
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EntityBook } from './matching-pairs-entity.js';
import { NEGATIVE_KINDS, POSITIVE_KINDS } from './matching-pairs-kinds.js';
import { ELF_CODES, LegalForms, ORG_TYPES } from './matching-pairs-legal-forms.js';
import { mineNegatives } from './matching-pairs-negatives.js';
import { buildPositives } from './matching-pairs-positives.js';
import { CH_BASIC_CSV, CH_PROFILES, CH_STREAM, readCompaniesHouse } from './matching-pairs-read-companies-house.js';
import { EU_FILE, UK_FILE, readEu, readUk } from './matching-pairs-read-eu-uk.js';
import { GLEIF_API_DIR, GLEIF_CDF_XML, GLEIF_GOLDEN_JSON, readGleif } from './matching-pairs-read-gleif.js';
import { OFAC_CSV_SETS, readOfacCsv } from './matching-pairs-read-ofac-csv.js';
import {
  OFAC_ENHANCED_XML,
  OFAC_SDNLIST_XML,
  readOfacEnhancedXml,
  readOfacSdnListXml,
} from './matching-pairs-read-ofac-xml.js';
import {
  OS_FTM_FILES,
  OS_TARGETS,
  WATCHMAN_PAIRS,
  readOpenSanctionsFtm,
  readOpenSanctionsTargets,
  readWatchmanPairs,
} from './matching-pairs-read-opensanctions.js';
import { UN_FILE, readUn } from './matching-pairs-read-un.js';
import { sampleByKind } from './matching-pairs-sample.js';
import { byCodeUnit, pairKey } from './matching-pairs-text.js';
import { exclude, type Exclusions, type LabelledPair } from './matching-pairs-types.js';
import { writeFixture } from './matching-pairs-write.js';

/** Pairs kept of each label: enough for ≥ 5,000 in all, small enough for a readable file under ~3 MB. */
export const POSITIVE_BUDGET = 5600;

export const BUILT_FROM = [
  UN_FILE,
  ...OFAC_CSV_SETS.flatMap((s) => (s.prim === undefined ? [s.alt] : [s.prim, s.alt])),
  OFAC_SDNLIST_XML,
  OFAC_ENHANCED_XML,
  EU_FILE,
  UK_FILE,
  OS_TARGETS,
  ...OS_FTM_FILES,
  WATCHMAN_PAIRS,
  GLEIF_GOLDEN_JSON,
  GLEIF_CDF_XML,
  `${GLEIF_API_DIR}/`,
  ...CH_PROFILES,
  CH_STREAM,
  CH_BASIC_CSV,
  ELF_CODES,
  ORG_TYPES,
].map((p) => `shared/data/${p}`);

const DESCRIPTION =
  'Labelled name pairs for evaluating the entity-name matcher, built by bench/matching-pairs-build.ts from the real samples in shared/data only (never from the matcher). ' +
  'Positives (match: true) are two names one publisher gives one entry: UN names, aliases and original-script names; OFAC primary names vs aka/fka/nka aliases and other-script translations; EU/UK name aliases; OpenSanctions name vs aliases; watchman cross-script pairs; GLEIF legal vs other/transliterated names; Companies House current vs previous names. At most 12 pairs per entity, chosen to vary kinds. ' +
  "Positives are kept only when they are variants of one name (bench/matching-pairs-variants.ts): after simple folding, and without legal forms, stop words, vessel prefixes and person titles, every significant word of the name with fewer has a counterpart in the other (equal, a prefix of 3+ letters, a listed abbreviation or translated generic word, a small edit distance, close consonant skeletons (for a vessel, only of words that keep half their letters: its other names are mostly former ones, whose few consonants agree by chance), or a run-together); former names, nicknames and noms de guerre are left out. A name in another script is read with the transliteration package (not the matcher's library) and kept when half the words of the smaller side have a looser counterpart (40 % edits). " +
  'Negatives (match: false) are the most similar names (character-trigram Jaccard, blocked on shared rare words) of two different entries of one publisher, or of two publishers whose records prove them different (birth years, IMO, LEI, or registration numbers in different jurisdictions); pairs sharing any identifier are dropped, and b belongs to group_b. A name in another script is compared as the transliteration package reads it; and a Latin negative whose entity also gives its name in another script (a variant by the cross-script rule) yields that name against the name of the other entity too (kind neg:cross-script). At most two name pairs are kept per pair of entities, the most similar first. ' +
  'Namesakes are never negatives: two names with the same significant words (order and repeats ignored) or the same letters once spaces and hyphens are gone, with or without what they add in brackets, are dropped, unless both carry different legal forms (kind neg:legal-form-country); and so are two names that are variants of each other both ways by the rule that makes positives (non-Latin names read through the transliteration package), or, across scripts, by the looser rule that makes cross-script positives, since a name pair cannot be both the same name and a different one; only other attributes tell such namesakes apart. ' +
  'Each kind is capped so that rare kinds are kept whole and common ones thinned; kinds come from bench/matching-pairs-kinds.ts. half is a FNV-1a hash of the entity group, so no entity is on both sides.';

function sharedDir(argv: readonly string[]): string {
  const i = argv.indexOf('--shared');
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  return i >= 0 && argv[i + 1] !== undefined ? path.resolve(argv[i + 1] ?? '') : path.resolve(repoRoot, '..', 'shared');
}

export interface BuiltSet {
  readonly pairs: LabelledPair[];
  readonly exclusions: Exclusions;
}

export function buildPairs(shared: string): BuiltSet {
  const data = (p: string): string => path.join(shared, 'data', p);
  const exclusions: Exclusions = new Map();
  const book = new EntityBook();
  readUn(book, data);
  readOfacCsv(book, data, exclusions);
  readOfacSdnListXml(book, data, exclusions);
  readOfacEnhancedXml(book, data, exclusions);
  readEu(book, data);
  readUk(book, data);
  readOpenSanctionsTargets(book, data);
  readOpenSanctionsFtm(book, data);
  readWatchmanPairs(book, data);
  readGleif(book, data);
  readCompaniesHouse(book, data);
  const forms = LegalForms.read(data);
  const entities = book.all().sort((x, y) => byCodeUnit(x.group, y.group));

  const allPositives = buildPositives(entities, forms, exclusions);
  const positives = sampleByKind(
    allPositives.map((p) => ({ item: p, kind: p.kind, rank: 0, key: `${p.a}|${p.b}` })),
    POSITIVE_BUDGET,
    exclusions,
    'positive-kind-cap',
  );
  const positiveKeys = new Set(allPositives.map((p) => pairKey(p.a, p.b)));
  const scored = mineNegatives(entities, forms, exclusions).filter((n) => {
    const conflict = positiveKeys.has(pairKey(n.pair.a, n.pair.b));
    if (conflict) exclude(exclusions, 'negative-is-also-a-positive');
    return !conflict;
  });
  const negatives = sampleByKind(
    scored.map((n) => ({ item: n.pair, kind: n.pair.kind, rank: n.score, key: `${n.pair.a}|${n.pair.b}` })),
    positives.length,
    exclusions,
    'negative-kind-cap',
  );
  const order = (x: LabelledPair, y: LabelledPair): number =>
    Number(y.match) - Number(x.match) ||
    byCodeUnit(x.kind, y.kind) ||
    byCodeUnit(x.group, y.group) ||
    byCodeUnit(x.a, y.a) ||
    byCodeUnit(x.b, y.b);
  return { pairs: [...positives, ...negatives].sort(order), exclusions };
}

export function renderFixture(set: BuiltSet): string {
  return writeFixture({
    description: DESCRIPTION,
    builtFrom: BUILT_FROM,
    kinds: [...POSITIVE_KINDS, ...NEGATIVE_KINDS],
    ...set,
  });
}

function main(argv: readonly string[]): void {
  const shared = sharedDir(argv);
  if (!existsSync(path.join(shared, 'data'))) throw new Error(`matching-pairs-build: no data folder in ${shared}`);
  const o = argv.indexOf('--out');
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const out =
    o >= 0 && argv[o + 1] !== undefined
      ? path.resolve(argv[o + 1] ?? '')
      : path.join(repoRoot, 'bench', 'matching-pairs.json');
  const set = buildPairs(shared);
  writeFileSync(out, renderFixture(set));
  const pos = set.pairs.filter((p) => p.match).length;
  process.stderr.write(`matching-pairs: ${pos} positives, ${set.pairs.length - pos} negatives → ${out}\n`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
