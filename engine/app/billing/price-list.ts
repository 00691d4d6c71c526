// What a one-off dossier costs and what each tier adds: the one place prices live (pricing, checkout, Stripe line items).
export const REPORT_TIERS = ['standard', 'enhanced'] as const;
export type ReportTier = (typeof REPORT_TIERS)[number];

export const CURRENCY = 'EUR' as const;

/** Prices in whole euros, as the price list shows them; Stripe is sent cents. */
export const TIER_PRICES: Readonly<Record<ReportTier, number>> = { standard: 39, enhanced: 99 };

export const TIER_NAMES: Readonly<Record<ReportTier, string>> = {
  standard: 'Standard dossier report',
  enhanced: 'Enhanced dossier report',
};

/** A pack: a one-off payment that adds dossier unlocks of one tier to an account (they do not lapse). */
export interface Pack {
  id: string;
  name: string;
  tier: ReportTier;
  unlocks: number;
  /** Whole euros. */
  price: number;
}

export const PACKS: readonly Pack[] = [
  { id: 'standard-10', name: '10 standard reports', tier: 'standard', unlocks: 10, price: 290 },
  { id: 'enhanced-10', name: '10 enhanced reports', tier: 'enhanced', unlocks: 10, price: 790 },
];

export const packById = (id: string): Pack | undefined => PACKS.find((p) => p.id === id);

/** Credits beyond an account plan's, when the account has turned metering on: whole euros per 1,000. */
export const METERED_PRICE_PER_1000 = 5;

/**
 * The event name of the Billing Meter that metered credits are reported to (one event per batch, its value the
 * credits): the operator makes a meter with this name in Stripe, and a price on it of METERED_PRICE_PER_1000 per 1,000.
 */
export const METER_EVENT_NAME = 'unshell_credits';

/** What a paid report adds to the free dossier. */
export const REPORT_CONTENTS = [
  'the full ownership tree to depth 10, with every route and its effective share',
  'every connection of the entity, not only owners and holdings',
  'every record of the whole cluster, with the evidence linking each',
  'a timeline of ownership and filing events',
  'the financial history with year-over-year changes',
  'a plain-language summary in which every sentence cites its sources',
] as const;

/** What `enhanced` adds to `standard` (the report's `screening` and the printable document). */
export const ENHANCED_ADDS = [
  'sanctions and risk screening of every party within two relationships of the entity (owners, officers, holdings, and theirs)',
  'the report as a printable HTML document: GET /api/public/dossier/{id}/report.html with the access token',
] as const;

/** How long a checkout session stays open for payment. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
