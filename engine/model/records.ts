// The normalised record format: the one shape every importer emits and the snapshot builder consumes.
// Documented for users in docs/records.md; validated with these schemas when read from user files.
import { z } from 'zod';

/** ISO date `YYYY-MM-DD`, or a partial date `YYYY` / `YYYY-MM` where sources only publish that much. */
export const PartialDate = z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'expected YYYY, YYYY-MM or YYYY-MM-DD');
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
export const Instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'expected an ISO-8601 UTC instant ending in Z');
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'expected ISO 3166-1 alpha-2, upper case');

export const ENTITY_TYPES = ['company', 'person', 'asset'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const RISK_LEVELS = ['HIGH', 'MED', 'LOW'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const SANCTIONS_LISTS = ['OFAC', 'EU', 'UN', 'UK'] as const;
export type SanctionsList = (typeof SANCTIONS_LISTS)[number];

/**
 * Relationship kinds. `source` holds the role in `target`: an owner owns the target, a director directs it,
 * a parent consolidates it, an intermediary set it up. `identity` and `address` links are symmetric.
 */
export const EDGE_KINDS = [
  'ownership', // shares or voting rights held
  'control', // control without (known) shares: right to appoint directors, significant influence, trustee
  'parent', // accounting consolidation (GLEIF direct/ultimate parent)
  'directorship', // officers: directors, secretaries, members, nominees
  'intermediary', // formation agent, law firm or bank that set up or serviced the target
  'identity', // two records of the same real-world entity
  'address', // shares a registered address with
  'family', // family member or close associate (PEP relatives)
  'association', // any other published link (sanctions "associated with", leaks "connected to")
] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** A share in percent, as an interval because registries publish bands; `null` when unknown. */
export const ShareSchema = z
  .object({ min: z.number().min(0).max(100), max: z.number().min(0).max(100) })
  .refine((s) => s.min <= s.max, 'share.min must not exceed share.max');
export type Share = z.infer<typeof ShareSchema>;

/** Where a record came from. `url` is a public address where a person can check the claim. */
export const ProvenanceSchema = z.object({
  source: z.string().min(1), // source code: gb-coh, icij, gleif, ofac, eu, un, uk, opensanctions, demo, …
  record_id: z.string().min(1),
  url: z.string().url().nullable(),
  retrieved_at: IsoDate,
  note: z.string().optional(), // e.g. "fictional demo data"
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const IdentifierSchema = z.object({ scheme: z.string().min(1), value: z.string().min(1) });
export type Identifier = z.infer<typeof IdentifierSchema>;

const DueDates = z.object({
  last_made_up_to: IsoDate.nullable(),
  next_due: IsoDate.nullable(),
});

/** Registry profile of a company (Companies House profile fields, kept as published). */
export const CompanyProfileSchema = z.object({
  company_number: z.string().optional(),
  company_type: z.string().nullable().optional(),
  sic: z.array(z.string()).optional(),
  /** SIC code → description as the source published it ("70100 - Activities of head offices"), for codes of any list. */
  sic_descriptions: z.record(z.string(), z.string()).optional(),
  accounts: DueDates.optional(),
  confirmation_statement: DueDates.optional(),
  former_names: z.array(z.object({ name: z.string(), from: IsoDate.nullable(), to: IsoDate.nullable() })).optional(),
  charges: z
    .object({
      total: z.number().int().min(0),
      outstanding: z.number().int().min(0),
      satisfied: z.number().int().min(0),
      part_satisfied: z.number().int().min(0),
    })
    .optional(),
  listed: z.boolean().optional(), // traded on a regulated market (PSC exemption)
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

export const EntityRecordSchema = z.object({
  record: z.literal('entity'),
  id: z.string().regex(/^[a-z][a-z0-9-]*:.+$/, 'expected <namespace>:<native id>'),
  type: z.enum(ENTITY_TYPES),
  name: z.string().min(1),
  aliases: z.array(z.string()).default([]),
  jurisdiction: CountryCode.nullable().default(null),
  identifiers: z.array(IdentifierSchema).default([]),
  /** Facts about the entity itself: `pep`, `offshore-leaks`, `formation-agent`, `nominee`, `state-owned`, … */
  topics: z.array(z.string()).default([]),
  addresses: z.array(z.string()).default([]),
  birth_date: PartialDate.nullable().default(null),
  nationalities: z.array(CountryCode).default([]),
  incorporation_date: PartialDate.nullable().default(null),
  dissolution_date: PartialDate.nullable().default(null),
  status: z.string().nullable().default(null),
  position: z.string().nullable().default(null), // PEP position or sanctions designation text
  description: z.string().nullable().default(null), // free text: remarks, leak source, business description
  company: CompanyProfileSchema.nullable().default(null),
  provenance: z.array(ProvenanceSchema).min(1),
});
export type EntityRecord = z.output<typeof EntityRecordSchema>;

export const RelationshipRecordSchema = z.object({
  record: z.literal('relationship'),
  source: z.string().min(1),
  target: z.string().min(1),
  kind: z.enum(EDGE_KINDS),
  /** Role as published: `shareholder`, `psc`, `director`, `nominee-director`, `secretary`, `ultimate-parent`, … */
  role: z.string().min(1),
  share: ShareSchema.nullable().default(null),
  /** Nature of control as published (PSC natures of control, GLEIF relationship type, …). */
  natures: z.array(z.string()).default([]),
  /** How sure an identity link is, 0..1, when the linking method scored it (candidate name matches); optional. */
  confidence: z.number().min(0).max(1).optional(),
  /**
   * Set on the identity links unshell's resolver writes, never by a publisher: how it linked the two records. A
   * build derives these again from the records, so a snapshot folded into a new one leaves them out.
   */
  linked_by: z.enum(['identifier', 'name', 'operator']).optional(),
  start_date: PartialDate.nullable().default(null),
  end_date: PartialDate.nullable().default(null),
  provenance: ProvenanceSchema,
});
export type RelationshipRecord = z.output<typeof RelationshipRecordSchema>;

export const ListingRecordSchema = z.object({
  record: z.literal('listing'),
  entity_id: z.string().min(1),
  list: z.enum(SANCTIONS_LISTS),
  program: z.string().min(1),
  listed_on: PartialDate.nullable(),
  reference: z.string().min(1),
  remarks: z.string().nullable().default(null),
  provenance: ProvenanceSchema,
});
export type ListingRecord = z.output<typeof ListingRecordSchema>;

/**
 * Why an ownership chain stops at a company: a PSC statement, a GLEIF reporting exception,
 * a listed-company exemption, a super-secure PSC.
 */
export const StatementRecordSchema = z.object({
  record: z.literal('statement'),
  entity_id: z.string().min(1),
  kind: z.enum(['psc-statement', 'reporting-exception', 'exemption', 'super-secure']),
  code: z.string().min(1), // as published: `no-individual-or-entity-with-signficant-control`, `NATURAL_PERSONS`, …
  summary: z.string().min(1),
  date: PartialDate.nullable().default(null),
  provenance: ProvenanceSchema,
});
export type StatementRecord = z.output<typeof StatementRecordSchema>;

/** One filed accounting period. A figure that was not filed is `null`, never 0. */
export const FinancialsRecordSchema = z.object({
  record: z.literal('financials'),
  entity_id: z.string().min(1),
  period_start: IsoDate.nullable(),
  period_end: IsoDate,
  currency: z.string().regex(/^[A-Z]{3}$/),
  turnover: z.number().nullable().default(null),
  profit: z.number().nullable().default(null),
  net_assets: z.number().nullable().default(null),
  cash: z.number().nullable().default(null),
  employees: z.number().nullable().default(null),
  provenance: ProvenanceSchema,
});
export type FinancialsRecord = z.output<typeof FinancialsRecordSchema>;

export const EVENT_KINDS = ['ownership', 'filing'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A dated registry event: the material of the pulse feed and of report timelines. */
export const EventRecordSchema = z.object({
  record: z.literal('event'),
  id: z.string().min(1),
  entity_id: z.string().min(1),
  kind: z.enum(EVENT_KINDS),
  type: z.string().min(1), // psc-notified, psc-ceased, accounts-filed, officer-appointed, change-of-name, …
  occurred_at: Instant,
  /**
   * When unshell applied the event, for one that arrived live and was then folded into a snapshot: the pulse feed
   * keeps its place (ordered by this instant), so a consumer's cursor reads each event once across the fold.
   */
  applied_at: Instant.optional(),
  summary: z.string().min(1),
  provenance: ProvenanceSchema,
});
export type EventRecord = z.output<typeof EventRecordSchema>;

export const NormalisedRecordSchema = z.discriminatedUnion('record', [
  EntityRecordSchema,
  RelationshipRecordSchema,
  ListingRecordSchema,
  StatementRecordSchema,
  FinancialsRecordSchema,
  EventRecordSchema,
]);
export type NormalisedRecord = z.output<typeof NormalisedRecordSchema>;
/** What a producer may write: defaults filled in by parsing. */
export type NormalisedRecordInput = z.input<typeof NormalisedRecordSchema>;
