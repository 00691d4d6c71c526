// Interval arithmetic on ownership shares: registries publish bands, so shares are [min, max] percentages.
import type { Share } from '../model/records.js';

/**
 * A share with the openness of its lower bound. Published bands exclude their lower bound: PSC
 * "25-to-50-percent" means more than 25 and up to 50, so a band's holder certainly has more than 25.
 * A known exact holding (min = max) is closed.
 */
export interface Band {
  min: number;
  max: number;
  minOpen: boolean;
}

export const WHOLE: Band = Object.freeze({ min: 100, max: 100, minOpen: false });

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

export function bandOf(s: Share): Band {
  return { min: s.min, max: s.max, minOpen: s.min > 0 && s.min < s.max };
}

export function shareOf(b: Band): Share {
  return { min: b.min, max: b.max };
}

/** The share held through a chain: each hop's share applies to the one before it. */
export function multiply(a: Band, b: Band): Band {
  return {
    min: round((a.min * b.min) / 100),
    max: round((a.max * b.max) / 100),
    minOpen: (a.minOpen || b.minOpen) && a.min > 0 && b.min > 0,
  };
}

/** Shares held through several routes add up; nobody holds more than everything. */
export function sum(bands: readonly Band[]): Band | null {
  if (bands.length === 0) return null;
  let min = 0;
  let max = 0;
  let minOpen = false;
  for (const b of bands) {
    min += b.min;
    max += b.max;
    minOpen ||= b.minOpen;
  }
  const cappedMin = Math.min(100, min);
  return { min: round(cappedMin), max: round(Math.min(100, max)), minOpen: minOpen && cappedMin < 100 };
}

export type ThresholdVerdict = 'certain' | 'possible' | 'no';

/**
 * Whether a holding reaches a threshold: certainly (every value in the interval does), possibly (some do),
 * or not. `strict` is for "more than" tests (PSC > 25%, EU > 50%); otherwise "at least" (OFAC ≥ 50%).
 */
export function crosses(b: Band, threshold: number, strict = false): ThresholdVerdict {
  const certain = strict ? b.min > threshold || (b.min === threshold && b.minOpen) : b.min >= threshold;
  if (certain) return 'certain';
  return (strict ? b.max > threshold : b.max >= threshold) ? 'possible' : 'no';
}

export function formatShare(s: Share | Band | null): string {
  if (s === null) return 'an unknown share';
  return s.min === s.max ? `${s.min}%` : `${s.min}–${s.max}%`;
}
