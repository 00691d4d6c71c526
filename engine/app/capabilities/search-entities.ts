// GET /api/public/entity/search: entities by name or identifier, with type, jurisdiction and risk filters.
import { z } from 'zod';
import { ENTITY_TYPES, RISK_LEVELS } from '../../model/records.js';
import { ScoredHitSchema, type ScoredHit } from '../../model/views.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { EntityTypeParam, Jurisdiction, Query, RiskParam, limit } from '../contract/params.js';

export const SEARCH_LIMIT = { default: 20, max: 50 } as const;

export const searchEntities = defineCapability({
  tool: 'search_entities',
  title: 'Search entities',
  description:
    'Find companies, people and assets by name or identifier across every source (UK registry, offshore leaks, GLEIF, OFAC/EU/UN/UK sanctions). ' +
    'Tolerates word order, diacritics, transliteration variants, legal-form spellings (Ltd/Limited) and a typo. ' +
    'Returns ids to pass to get_entity, get_dossier, trace_ownership_path and get_sanctions. Use this first when you have a name.',
  method: 'GET',
  path: '/api/public/entity/search',
  input: z.object({
    q: Query.describe('Name or identifier (e.g. "Kestrel Wharf Properties", "lei:5493…", "gb-coh:99000001")'),
    type: EntityTypeParam.optional(),
    juris: Jurisdiction.optional(),
    risk: RiskParam.optional(),
    limit: limit(SEARCH_LIMIT.default, SEARCH_LIMIT.max),
  }),
  output: z.object({ hits: z.array(ScoredHitSchema), count: z.number().int().describe('Number of hits returned') }),
  table: ({ hits }) => ({
    columns: ['id', 'name', 'type', 'jurisdiction', 'risk', 'source', 'score'],
    rows: hits.map((h) => [h.id, h.name, h.type, h.jurisdiction, h.risk, h.source, h.score]),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus }, input) {
    const { entities } = corpus;
    const type = input.type === undefined ? -1 : ENTITY_TYPES.indexOf(input.type);
    const risk = input.risk === undefined ? -1 : RISK_LEVELS.indexOf(input.risk);
    const juris = input.juris === undefined ? -1 : (entities.jurisdictions.find(input.juris) ?? -2);
    const filtered = type !== -1 || risk !== -1 || juris !== -1;
    const accept = (ix: number): boolean =>
      (type === -1 || entities.typeCode(ix) === type) &&
      (risk === -1 || entities.riskCode(ix) === risk) &&
      (juris === -1 || entities.jurisdictionCode(ix) === juris);
    const hits: ScoredHit[] = [];
    const seen = new Set<number>();
    for (const ix of identifierMatches(corpus, input.q)) {
      if (!accept(ix)) continue;
      seen.add(ix);
      hits.push({ ...entities.hit(ix), score: 1 });
    }
    for (const m of corpus.names.search(input.q, input.limit, filtered ? accept : undefined)) {
      if (hits.length >= input.limit) break;
      if (seen.has(m.entity)) continue;
      seen.add(m.entity);
      hits.push({ ...entities.hit(m.entity), score: Math.round(m.score * 1000) / 1000 });
    }
    const page = hits.slice(0, input.limit);
    return { hits: page, count: page.length };
  },
});
