// Which entities are embedded first: risk-listed, then offshore leaks, then registry companies, then the rest.
import type { StoredEntity } from '../model/views.js';
import { missing } from '../errors/missing.js';

/** Tiers in the order they are embedded; a cluster's tier is the best of its members'. */
export const TIERS = ['risk-listed entities', 'offshore-leak records', 'registry companies', 'other entities'] as const;
export const TIER_RISK = 0;
export const TIER_LEAKS = 1;
export const TIER_COMPANIES = 2;
export const TIER_OTHER = 3;

/** The tier of one record (`listed`: it has a sanctions listing). */
export function recordTier(e: StoredEntity, listed: boolean): number {
  if (
    listed ||
    e.topics.includes('sanction') ||
    e.topics.includes('pep') ||
    e.roles.includes('sanctioned') ||
    e.roles.includes('pep')
  )
    return TIER_RISK;
  if (e.topics.includes('offshore-leaks') || e.source === 'icij') return TIER_LEAKS;
  if (e.type === 'company') return TIER_COMPANIES;
  return TIER_OTHER;
}

/**
 * The canonical records in embedding order: by tier, then by entity index (the snapshot's order), so that two
 * processes serving one snapshot embed in the same order. `tiers[ix]` is meaningful for canonical records only.
 */
export function embeddingOrder(tiers: Uint8Array, isCanonical: (ix: number) => boolean): Uint32Array {
  // Packed, unlike new Array(n).fill(0): no read can find a hole, so the nullish tests of its reads compile away.
  const counts = Array.from(TIERS, () => 0);
  for (let ix = 0; ix < tiers.length; ix++) {
    if (!isCanonical(ix)) continue;
    const t = tiers[ix] ?? missing('entity tier');
    counts[t] = (counts[t] ?? missing('tier count')) + 1;
  }
  const starts: number[] = [];
  let total = 0;
  for (const c of counts) {
    starts.push(total);
    total += c;
  }
  const order = new Uint32Array(total);
  for (let ix = 0; ix < tiers.length; ix++) {
    if (!isCanonical(ix)) continue;
    const t = tiers[ix] ?? missing('entity tier');
    const at = starts[t] ?? missing('tier start');
    order[at] = ix;
    starts[t] = at + 1;
  }
  return order;
}
