// A lookup's view of the registry: refresh the company within the deadline, and say where the answer came from.
import type { Corpus } from '../../corpus.js';
import type { Context } from '../contract/capability.js';
import type { RefreshOutcome } from './company-refresher.js';
import { withDeadline } from './with-deadline.js';

export interface Freshness {
  /** True when the answer is the registry's record as of this request (refreshed now, or within the freshness window). */
  live: boolean;
  note: string;
}

/** How the answer was sourced when it is the snapshot's: the snapshot and the as-of dates of its registries. */
export function snapshotNote(corpus: Corpus): string {
  const asOf = corpus.info.sources.map((s) => `${s.name} as of ${s.as_of ?? 'unknown'}`).join('; ');
  return `From snapshot ${corpus.info.snapshotId} built ${corpus.info.builtAt} (${asOf})`;
}

/**
 * Refreshes company `number` from the registry when one is configured, waiting at most the configured deadline:
 * a slow, unreachable or exhausted registry leaves the answer to the snapshot, with a note saying why, never an
 * error. A refresh that outlives the deadline goes on, so the next lookup finds it done.
 */
export async function refreshCompany(ctx: Context, number: string): Promise<Freshness | 'not_found'> {
  const { registry, corpus } = ctx;
  if (registry === undefined)
    return {
      live: false,
      note: `${snapshotNote(corpus)}; not refreshed: no Companies House API key is configured (UNSHELL_CH_API_KEY).`,
    };
  let outcome: RefreshOutcome | 'timeout';
  try {
    outcome = await withDeadline(registry.refresh(number, ctx.caller.id), registry.deadlineMs);
  } catch (err) {
    // Not the registry's failure (it is a 'failed' outcome) but this side's, such as a journal it cannot write:
    // the answer still comes from what the corpus holds, and says so.
    outcome = {
      state: 'failed',
      reason: `the refresh could not be applied (${err instanceof Error ? err.message : String(err)})`,
    };
  }
  if (outcome === 'timeout')
    return {
      live: false,
      note: `${snapshotNote(corpus)}; the Companies House registry did not answer within ${registry.deadlineMs} ms (the refresh goes on in the background).`,
    };
  if (outcome.state === 'not_found') return 'not_found';
  if (outcome.state === 'failed')
    return { live: false, note: `${snapshotNote(corpus)}; not refreshed: ${outcome.reason}.` };
  return {
    live: true,
    note: `Refreshed from the Companies House register at ${new Date(outcome.refreshedAt).toISOString()} (profile, officers, persons with significant control and their statements).`,
  };
}
