// What a one-off dossier costs and what each tier adds: the one place prices live (pricing, checkout, Stripe line items).
import type { ReportTier } from '../capabilities/report/report-schema.js';

export const CURRENCY = 'EUR' as const;

/** Prices in whole euros, as the price list shows them; Stripe is sent cents. */
export const TIER_PRICES: Readonly<Record<ReportTier, number>> = { standard: 39, enhanced: 99 };

export const TIER_NAMES: Readonly<Record<ReportTier, string>> = {
  standard: 'Standard dossier report',
  enhanced: 'Enhanced dossier report',
};

/** What `enhanced` adds to `standard` (the report's `screening` and the printable document). */
export const ENHANCED_ADDS = [
  'sanctions and risk screening of every party within two relationships of the entity (owners, officers, holdings, and theirs)',
  'the report as a printable HTML document: GET /api/public/dossier/{id}/report.html with the access token',
] as const;

/** How long a checkout session stays open for payment. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
