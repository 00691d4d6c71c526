// The built-in demo corpus: three fictional investigations inside a deterministic synthetic background.
import type { BuildSource } from '../build/build-source.js';
import { demoInvestigations } from './investigations/all.js';
import { generateSynthetic } from './synthetic/generate.js';

/** About 30,000 background entities: enough for search, stats and graphs to feel like a real corpus. */
export const DEMO_BACKGROUND_ENTITIES = 30_000;

export const SOURCE_NAMES: Record<string, string> = {
  demo: 'Demo investigations (fictional)',
  synthetic: 'Synthetic background (generated, not real)',
  'gb-coh': 'UK Companies House',
  icij: 'ICIJ Offshore Leaks',
  gleif: 'GLEIF LEI registry',
  ofac: 'OFAC sanctions lists',
  eu: 'EU financial sanctions',
  un: 'UN Security Council consolidated list',
  uk: 'UK sanctions list',
  opensanctions: 'OpenSanctions',
  sec: 'SEC EDGAR company tickers',
  siren: 'INSEE SIRENE',
  'br-cnpj': 'Receita Federal CNPJ open data',
};

export function investigationsSource(): BuildSource {
  return { label: 'demo investigations', records: demoInvestigations() };
}

export function syntheticSource(entities: number, seed?: number): BuildSource {
  return {
    label: `synthetic (${entities} entities)`,
    records: generateSynthetic(seed === undefined ? { entities } : { entities, seed }),
  };
}

/** The corpus `unshell serve` builds on first start when no snapshot is configured. */
export function demoSources(): BuildSource[] {
  return [investigationsSource(), syntheticSource(DEMO_BACKGROUND_ENTITIES)];
}
