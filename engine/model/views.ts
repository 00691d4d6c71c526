// Shapes the engine hands to callers: entity hits, full entity records, sources (CONTRACT.md §1).
import { z } from 'zod';
import { ENTITY_TYPES, RISK_LEVELS, ShareSchema, type EntityRecord, type RiskLevel } from './records.js';

export const SourceSchema = z.object({
  ref: z.string().describe('Short id unique within the response (s1, s2, …)'),
  source: z.string().describe('Source code: gb-coh, icij, gleif, ofac, eu, un, uk, opensanctions, demo, synthetic'),
  url: z.string().describe('Public address where a person can check the claim'),
  retrieved_at: z.string(),
  record_id: z.string(),
  note: z.string().optional(),
});
export type Source = z.infer<typeof SourceSchema>;

export const EntityHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ENTITY_TYPES),
  jurisdiction: z.string().nullable(),
  risk: z.enum(RISK_LEVELS),
  source: z.string(),
});
export type EntityHit = z.infer<typeof EntityHitSchema>;

export const ScoredHitSchema = EntityHitSchema.extend({ score: z.number().min(0).max(1) });
export type ScoredHit = z.infer<typeof ScoredHitSchema>;

export const FullEntitySchema = EntityHitSchema.extend({
  cluster_id: z.string(),
  identifiers: z.array(z.object({ scheme: z.string(), value: z.string() })),
  roles: z.array(z.string()),
  aliases: z.array(z.string()),
  addresses: z.array(z.string()),
  birth_date: z.string().nullable(),
  nationalities: z.array(z.string()),
  incorporation_date: z.string().nullable(),
  dissolution_date: z.string().nullable(),
  status: z.string().nullable(),
  topics: z.array(z.string()),
  position: z.string().nullable(),
  sources: z.array(SourceSchema),
});
export type FullEntity = z.infer<typeof FullEntitySchema>;

export const ConnectionSchema = z.object({
  role: z.string(),
  kind: z.string(),
  share: ShareSchema.nullable(),
  direction: z.enum(['in', 'out']).describe('in: the other party owns, controls or directs this entity'),
  other: EntityHitSchema,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  provenance: SourceSchema,
});
export type Connection = z.infer<typeof ConnectionSchema>;

/** One of an entity's addresses and how many companies of the corpus are registered there. */
export interface SharedAddress {
  address: string;
  companies: number;
}

/** An entity record as stored in a snapshot: the normalised record plus what the builder derived. */
export interface StoredEntity extends EntityRecord {
  roles: string[];
  risk: RiskLevel;
  cluster_id: string;
  source: string;
  /** Its address shared by the most companies (two or more), for the mass-registration signal. */
  shared_address: SharedAddress | null;
}
