// Measures entity resolution: builds a snapshot of the labelled sources, then scores its clusters against the labels.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Corpus } from '../engine/corpus.js';
import { buildSnapshot, type BuildSource } from '../snapshots/build/build-snapshot.js';
import { linkingKeys } from '../engine/resolution/linking.js';
import { valuesByScheme } from '../snapshots/build/identifier-links.js';
import { normaliseEntityIdentifiers } from '../engine/identifiers/entity-identifiers.js';
import { demoSources } from '../snapshots/demo/demo-corpus.js';
import { importSource } from '../snapshots/importers/import-source.js';
import { importerFor } from '../snapshots/importers/registry.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { LabelsSchema, scoreClusters, type LabelSet, type Labels, type PairwiseScore } from './resolution-labels.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (this file runs from dist/bench/). */
export const REPO = path.resolve(here, '..', '..');
export const LABELS_FILE = path.join(REPO, 'bench', 'resolution-labels.json');

/** The shared sanctions samples the labelled set is drawn from: format and path under ../shared/data. */
export const SANCTIONS_FILES: readonly (readonly [string, string])[] = [
  ['ofac-csv', 'ofac/legacy_csv_2021-07-07'],
  ['ofac-csv', 'ofac/cons_csv_2025-12-19'],
  ['ofac-xml', 'ofac/consolidated_nonsdn_2025-06-30.xml'],
  ['ofac-enhanced-xml', 'ofac/enhanced_xml_sdn_irgc_2024-08-28.xml'],
  ['un-xml', 'un/consolidated_2026-02-27.xml'],
  ['eu-xml', 'eu/eu_fsf_export_extract_5_entities.xml'],
  ['uk-xml', 'uk/UK_Sanctions_List_extract_5_designations.xml'],
  ['opensanctions-targets-csv', 'opensanctions/ua_war_sanctions_2026-03-13/targets.simple.csv'],
  ['ftm', 'opensanctions/yente-fixture-zala/entities.ftm.json'],
  ['ftm', 'opensanctions/yente-fixture-t1/entities.ftm.json'],
];

export function sanctionsSources(sharedData: string): BuildSource[] {
  return SANCTIONS_FILES.map(([format, file]) => {
    const importer = importerFor(format);
    if (importer === undefined) throw new Error(`no importer for ${format}`);
    return importSource(importer, path.join(sharedData, file), { retrievedAt: '2026-01-01' });
  });
}

export function readLabels(file = LABELS_FILE): Labels {
  return LabelsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export interface Measurement extends PairwiseScore {
  mode: 'identifiers' | 'identifiers+names';
  entities: number;
  /** Clustered record pairs, anywhere in the corpus, that publish disjoint values of one identifier scheme. */
  falseMerges: number;
  /** Records in clusters of more than one. */
  clustered: number;
}

/** Pairs of records in one cluster that publish different values (no value in common) of one linking scheme. */
export function falseMerges(corpus: Corpus): { pairs: number; clustered: number } {
  const groups = new Map<number, number[]>();
  for (let ix = 0; ix < corpus.entities.size; ix++) {
    const c = corpus.entities.cluster(ix);
    groups.set(c, [...(groups.get(c) ?? []), ix]);
  }
  let pairs = 0;
  let clustered = 0;
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    clustered += members.length;
    const keys = members.map((ix) => {
      const r = corpus.entities.record(ix);
      return valuesByScheme(linkingKeys(normaliseEntityIdentifiers(r.id, r.identifiers, [])));
    });
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        for (const [scheme, values] of keys[i] as Map<string, Set<string>>) {
          const other = (keys[j] as Map<string, Set<string>>).get(scheme);
          if (other !== undefined && ![...values].some((v) => other.has(v))) {
            pairs++;
            break;
          }
        }
      }
    }
  }
  return { pairs, clustered };
}

/** Builds `sources` (a fresh stream each call) with and without name matching, and scores both against `set`. */
export async function measure(
  set: LabelSet,
  sources: () => BuildSource[],
  modes: readonly boolean[] = [false, true],
): Promise<Measurement[]> {
  const out: Measurement[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-resolution-'));
  try {
    for (const nameMatching of modes) {
      const dir = path.join(work, nameMatching ? 'names' : 'identifiers');
      await buildSnapshot({ out: dir, sources: sources(), nameMatching });
      const corpus = await loadSnapshot(dir);
      const clusterOf = (id: string): string | undefined => {
        const ix = corpus.entities.indexOf(id);
        return ix === undefined ? undefined : String(corpus.entities.cluster(ix));
      };
      const fm = falseMerges(corpus);
      out.push({
        mode: nameMatching ? 'identifiers+names' : 'identifiers',
        entities: corpus.entities.size,
        falseMerges: fm.pairs,
        clustered: fm.clustered,
        ...scoreClusters(set, clusterOf),
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}

/** The sources of each labelled set. */
export function sourcesOf(name: string, sharedData: string): () => BuildSource[] {
  if (name === 'demo') return demoSources;
  return () => sanctionsSources(sharedData);
}
