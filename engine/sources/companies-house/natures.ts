// PSC natures of control → the relationship kind and the share band they publish.
import type { EdgeKind, Share } from '../../model/records.js';

/**
 * Shares (or an LLP's surplus assets, its equivalent) held in a published band, including the "-as-trust" and
 * "-as-firm" variants: `ownership-of-shares-25-to-50-percent` → {25, 50}. The lower bound is exclusive in law
 * ("more than 25%"); the record format stores the band as published.
 */
const BAND = /^(?:ownership-of-shares|right-to-share-surplus-assets)-(\d+)-to-(\d+)-percent/;
/** Register of Overseas Entities: one band only, "more than 25 percent". */
const OVER_25 = /^ownership-of-shares-more-than-25-percent/;

export function shareOf(natures: readonly string[]): Share | null {
  let best: Share | null = null;
  for (const n of natures) {
    const m = BAND.exec(n);
    const share =
      m !== null ? { min: Number(m[1]), max: Number(m[2]) } : OVER_25.test(n) ? { min: 25, max: 100 } : null;
    // Two bands on one PSC (shares held directly and as trustee) are separate holdings; the higher one is kept.
    if (share !== null && share.max <= 100 && share.min <= share.max && (best === null || share.min > best.min))
      best = share;
  }
  return best;
}

/** `ownership` when a share band is published; otherwise voting rights, appointment rights or influence: `control`. */
export function controlOf(natures: readonly string[]): {
  kind: Extract<EdgeKind, 'ownership' | 'control'>;
  share: Share | null;
} {
  const share = shareOf(natures);
  return share === null ? { kind: 'control', share: null } : { kind: 'ownership', share };
}
