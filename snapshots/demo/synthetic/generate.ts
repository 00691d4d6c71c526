// Deterministic, streaming generator of a synthetic background corpus: companies, persons and assets with realistic
// ownership structures, officers, risk material and filings, for the demo corpus and large benchmark snapshots.
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { assetRecord, assetRelationships } from './assets.js';
import { companyRecords } from './companies.js';
import { personRecords } from './persons.js';
import type { Emit } from './provenance.js';
import { companyRelationships } from './relationships.js';
import { buildWorld } from './world.js';

export interface SyntheticOptions {
  /** How many entities (companies, persons, assets) to generate: about 62% / 37% / 1%. */
  readonly entities: number;
  /** Same seed and size give a byte-identical sequence; defaults to 1. */
  readonly seed?: number;
}

export const DEFAULT_SYNTHETIC_SEED = 1;
/** As many entities as leave every company a registry number of its own (`registryNumber`): 30M. */
export const MAX_SYNTHETIC_ENTITIES = 30_000_000;

/**
 * Yields records one at a time, every entity before any record that refers to it: first all persons, then all
 * companies (each followed by its listings, financials and events), then assets, then all relationships. Memory is a
 * few typed arrays per company; no record is kept after it is yielded.
 */
export function* generateSynthetic(options: SyntheticOptions): Generator<NormalisedRecordInput> {
  const { entities, seed = DEFAULT_SYNTHETIC_SEED } = options;
  if (!Number.isInteger(entities) || entities < 0 || entities > MAX_SYNTHETIC_ENTITIES) {
    throw new RangeError(
      `generateSynthetic: entities ${entities} must be an integer from 0 to ${MAX_SYNTHETIC_ENTITIES}`,
    );
  }
  if (!Number.isInteger(seed)) throw new RangeError(`generateSynthetic: seed ${seed} must be an integer`);
  const world = buildWorld(entities, seed >>> 0);
  const emit: Emit = [];

  function* flush(): Generator<NormalisedRecordInput> {
    for (const record of emit) yield record;
    emit.length = 0;
  }

  for (let p = 0; p < world.persons; p++) {
    personRecords(world, p, emit);
    yield* flush();
  }
  for (let c = 0; c < world.companies; c++) {
    companyRecords(world, c, emit);
    yield* flush();
  }
  for (let a = 0; a < world.assets; a++) {
    assetRecord(world, a, emit);
    yield* flush();
  }
  for (let c = 0; c < world.companies; c++) {
    companyRelationships(world, c, emit);
    yield* flush();
  }
  for (let a = 0; a < world.assets; a++) {
    assetRelationships(world, a, emit);
    yield* flush();
  }
}
