// The paid report: what a full cited dossier adds to the free one (CONTRACT.md §5).
import { z } from 'zod';
import { REPORT_TIERS } from '../billing/price-list.js';
import { ChangeSchema, PeriodSchema } from '../views/financial-history.js';
import { ChainEndSchema, HopSchema, UboSchema } from '../views/ownership-views.js';
import { ConnectionSchema, EntityHitSchema } from '../../model/views.js';

export const SentenceSchema = z.object({
  text: z.string(),
  source_refs: z.array(z.string()).min(1).describe('Every sentence cites at least one source, in sources'),
});
export type Sentence = z.infer<typeof SentenceSchema>;

export const ReportSchema = z.object({
  tier: z.enum(REPORT_TIERS),
  generated_at: z.string(),
  summary: z.array(SentenceSchema).describe('Plain-language findings, each sentence cited'),
  ownership_tree: z.object({
    max_depth: z.number().int(),
    hops: z.array(HopSchema),
    ubos: z.array(UboSchema),
    chain_ends: z.array(ChainEndSchema),
    cycles: z.array(z.array(z.string())),
    truncated: z.boolean(),
  }),
  connections: z.object({ items: z.array(ConnectionSchema), total: z.number().int(), truncated: z.boolean() }),
  cluster: z.array(
    z.object({
      entity: EntityHitSchema,
      method: z.string().describe('How the record is tied to the entity; "self" for the entity itself'),
      confidence: z.number().min(0).max(1),
      source_ref: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({
      occurred_at: z.string(),
      kind: z.string(),
      type: z.string(),
      entity: EntityHitSchema,
      summary: z.string(),
      source_ref: z.string(),
    }),
  ),
  financial_history: z.object({
    currency: z.string().nullable(),
    periods: z.array(PeriodSchema),
    changes: z.array(ChangeSchema),
  }),
  sanctions: z.object({
    listings: z.array(
      z.object({
        list: z.string(),
        program: z.string(),
        listed_on: z.string().nullable(),
        reference: z.string(),
        entity_id: z.string(),
        source_ref: z.string(),
      }),
    ),
    via_ownership: z.array(
      z.object({
        owner: EntityHitSchema,
        list: z.string(),
        rule: z.string(),
        verdict: z.string(),
        source_ref: z.string(),
      }),
    ),
  }),
  offshore: z.object({
    level: z.enum(['HIGH', 'MED', 'LOW', 'NONE']),
    secrecy_jurisdictions: z.array(z.object({ code: z.string(), name: z.string(), source_refs: z.array(z.string()) })),
  }),
  screening: z
    .array(
      z.object({
        entity: EntityHitSchema,
        distance: z.number().int(),
        risk: z.string(),
        sanctioned: z.boolean(),
        relation: z.string(),
        source_ref: z.string(),
      }),
    )
    .nullable()
    .describe('Enhanced tier: every party within two hops, screened for sanctions and risk; null in the standard tier'),
});
export type Report = z.infer<typeof ReportSchema>;
