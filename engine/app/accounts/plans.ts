// Plans: the request rate and resolve batch a caller gets, anonymous or by the plan of its API key.
import type { Caller } from '../caller.js';
import type { Config } from '../config.js';

/**
 * `keyed` is what an API key lifts a caller to (CONTRACT.md §4); `free` keeps the anonymous limits but meters the
 * key's usage under its own name instead of its IP. Both follow the configured limits.
 */
export const PLANS = ['keyed', 'free'] as const;
export type Plan = (typeof PLANS)[number];
export const DEFAULT_PLAN: Plan = 'keyed';

export interface Limits {
  /** Requests per minute. */
  rate: number;
  /** Largest resolve batch. */
  batch: number;
}

export const isPlan = (value: string): value is Plan => (PLANS as readonly string[]).includes(value);

export function planLimits(config: Config, plan: Plan): Limits {
  const l = config.limits;
  return plan === 'keyed'
    ? { rate: l.keyedRate, batch: l.keyedBatch }
    : { rate: l.anonymousRate, batch: l.anonymousBatch };
}

export function anonymousLimits(config: Config): Limits {
  return { rate: config.limits.anonymousRate, batch: config.limits.anonymousBatch };
}

/** The caller of a process that serves itself (the in-process MCP server): the anonymous tier, as over REST. */
export function anonymousCaller(config: Config): Caller {
  return { keyed: false, batchLimit: config.limits.anonymousBatch };
}
