// Shapes of ownership answers (hops, UBOs, chain ends), shared by ownership-path, dossier and exposure.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { ShareSchema } from '../../model/records.js';
import { EntityHitSchema, SourceSchema } from '../../model/views.js';
import { chainEnd } from '../../ownership/chain-ends.js';
import { crosses, shareOf } from '../../ownership/interval.js';
import type { Walk, WalkHop } from '../../ownership/ownership-walk.js';
import type { SourceCollector } from './sources.js';
import { compareIds } from '../../model/id-order.js';
import { missing } from '../../errors/missing.js';

const VerdictSchema = z.enum(['certain', 'possible', 'no']);
type Verdict = z.infer<typeof VerdictSchema>;

export const HopSchema = z.object({
  depth: z.number().int().describe('1 for the root’s direct owners'),
  from: EntityHitSchema.describe('The owned party'),
  to: EntityHitSchema.describe('Its owner, controller or parent'),
  kind: z.string(),
  role: z.string(),
  share: ShareSchema.nullable(),
  effective_share: ShareSchema.nullable().describe('What `to` holds of the root through this hop, as an interval'),
  provenance: SourceSchema,
});
export type Hop = z.infer<typeof HopSchema>;

export const UboSchema = z.object({
  entity: EntityHitSchema,
  effective_share: ShareSchema.nullable().describe('Sum over every route with known shares, capped at 100'),
  control: z
    .boolean()
    .describe('Holds control without shares on some route (board appointment, trustee, accounting parent)'),
  unknown_share: z.boolean().describe('Some route passes a shareholding whose size is not published'),
  thresholds: z.object({
    over_25: VerdictSchema.describe('More than 25% (PSC threshold)'),
    at_least_50: VerdictSchema.describe('50% or more (OFAC 50% rule)'),
    over_50: VerdictSchema.describe('More than 50% (EU owned test)'),
  }),
  path_ids: z.array(z.array(z.string())).describe('Each route as entity ids from the root to this owner'),
});
export type Ubo = z.infer<typeof UboSchema>;

export const ChainEndSchema = z.object({
  entity: EntityHitSchema,
  reason: z.enum([
    'natural-person',
    'psc-statement',
    'reporting-exception',
    'exemption',
    'super-secure',
    'listed-company',
    'no-data',
  ]),
  code: z.string().nullable(),
  summary: z.string(),
  provenance: SourceSchema.nullable(),
});
export type ChainEndView = z.infer<typeof ChainEndSchema>;

/** Hops ordered by depth, then by the owned party's id, then by the owner's id (CONTRACT.md §3). */
export function hopViews(corpus: Corpus, walk: Walk, sources: SourceCollector, cap: number): Hop[];
export function hopViews<T extends Hop>(
  corpus: Corpus,
  walk: Walk,
  sources: SourceCollector,
  cap: number,
  extend: (hop: WalkHop, view: Hop) => T,
): T[];
export function hopViews(
  corpus: Corpus,
  walk: Walk,
  sources: SourceCollector,
  cap: number,
  extend?: (hop: WalkHop, view: Hop) => Hop,
): Hop[] {
  const { entities } = corpus;
  const ids = entities.ids;
  return [...walk.hops]
    .sort(
      (a, b) =>
        a.depth - b.depth ||
        compareIds(ids.at(a.from) ?? missing('entity id'), ids.at(b.from) ?? missing('entity id')) ||
        compareIds(ids.at(a.to) ?? missing('entity id'), ids.at(b.to) ?? missing('entity id')) ||
        a.rel - b.rel,
    )
    .slice(0, cap)
    .map((h) => {
      const r = corpus.relationships.get(h.rel);
      const view: Hop = {
        depth: h.depth,
        from: entities.hit(h.from),
        to: entities.hit(h.to),
        kind: h.kind,
        role: h.role,
        share: h.share,
        effective_share: h.effective === null ? null : shareOf(h.effective),
        provenance: sources.add(r.provenance, r.target),
      };
      return extend === undefined ? view : extend(h, view);
    });
}

/** Natural persons reached by the walk, largest holding first. */
export function uboViews(corpus: Corpus, walk: Walk): Ubo[] {
  const { entities } = corpus;
  const out: Ubo[] = [];
  for (const o of walk.owners.values()) {
    if (entities.type(o.owner) !== 'person') continue;
    const eff = o.effective;
    // Control or a holding of unpublished size leaves any threshold possible that the known shares do not reach.
    const verdict = (threshold: number, strict: boolean): Verdict => {
      const v = eff === null ? 'no' : crosses(eff, threshold, strict);
      return v === 'no' && (o.control || o.unknownShare) ? 'possible' : v;
    };
    out.push({
      entity: entities.hit(o.owner),
      effective_share: eff === null ? null : shareOf(eff),
      control: o.control,
      unknown_share: o.unknownShare,
      thresholds: { over_25: verdict(25, true), at_least_50: verdict(50, false), over_50: verdict(50, true) },
      path_ids: o.paths.map((p) => [
        entities.ids.at(walk.root) ?? missing('entity id'),
        ...p.map((h) => entities.ids.at(walk.hops[h]?.to ?? missing('ownership hop')) ?? missing('entity id')),
      ]),
    });
  }
  return out.sort(
    (a, b) => (b.effective_share?.max ?? -1) - (a.effective_share?.max ?? -1) || compareIds(a.entity.id, b.entity.id),
  );
}

/** Where each chain stops and why. */
export function chainEndViews(corpus: Corpus, walk: Walk, sources: SourceCollector): ChainEndView[] {
  return walk.tops
    .map((t) => chainEnd(corpus, t))
    .map((end) => ({
      entity: corpus.entities.hit(end.entity),
      reason: end.reason,
      code: end.code,
      summary: end.summary,
      provenance:
        end.provenance === null
          ? null
          : sources.add(end.provenance, corpus.entities.ids.at(end.entity) ?? missing('entity id')),
    }))
    .sort((a, b) => compareIds(a.entity.id, b.entity.id));
}
