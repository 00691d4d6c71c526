// Runs capabilities against a corpus loaded in this process: one program, no network.
import { setTimeout as delay } from 'node:timers/promises';
import { anonymousCaller } from '../../engine/app/accounts/plans.js';
import type { Capability } from '../../engine/app/contract/capability.js';
import { parseInput } from '../../engine/app/contract/validate.js';
import type { Config } from '../../engine/app/config.js';
import type { Corpus } from '../../engine/corpus.js';
import type { Payments } from '../../engine/app/billing/payments.js';
import type { RegistryAccess } from '../../engine/app/live/registry-access.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { failure, type Backend, type Outcome } from './backend.js';
import { callCapability } from './capability-call.js';

/**
 * How long a tool call made while the snapshot is still loading waits for it before answering `not_ready`.
 * Loading a built snapshot takes seconds, so early calls simply wait; building the demo corpus on a first
 * start takes longer, and a call should not outlive an MCP client's request timeout (60 s by default).
 */
export const LOAD_WAIT_MS = 20_000;

export interface LocalBackendOptions {
  config: Config;
  /** The corpus, or its loading (server/load-corpus.ts). */
  corpus: Promise<Corpus>;
  log: (line: string) => void;
  loadWaitMs?: number;
  /** Checkout, claim and access tokens (`unshell mcp` gives it one on the data dir; see checkout-page-server.ts). */
  payments?: Payments;
  /** The live registry, once the corpus is loaded and when one is configured. */
  registry?: () => RegistryAccess | undefined;
}

export function localBackend(options: LocalBackendOptions): Backend {
  const { config, log, payments } = options;
  // The caller is the person running this process; they get the anonymous tier, as they would over REST.
  const caller = anonymousCaller(config);
  const waitMs = options.loadWaitMs ?? LOAD_WAIT_MS;
  let corpus: Corpus | null = null;
  let loadError: string | null = null;
  const loaded = options.corpus.then(
    (c) => {
      corpus = c;
    },
    (err: unknown) => {
      loadError = err instanceof Error ? err.message : String(err);
      log(`snapshot failed to load: ${loadError}`);
    },
  );
  const closing = new AbortController();

  async function current(): Promise<Corpus> {
    if (corpus === null && loadError === null) {
      // The wait ends when the corpus arrives, the time is up, or the server closes; its timer never outlives it.
      const settled = new AbortController();
      const signal = AbortSignal.any([settled.signal, closing.signal]);
      await Promise.race([loaded, delay(waitMs, undefined, { signal }).catch(() => undefined)]);
      settled.abort();
    }
    if (corpus !== null) return corpus;
    throw new ServiceError(
      'not_ready',
      loadError === null ? 'snapshot still loading; retry shortly' : `snapshot failed to load: ${loadError}`,
    );
  }

  return {
    description: config.snapshot === null ? 'the demo snapshot, in process' : `snapshot ${config.snapshot}, in process`,
    async call(capability: Capability, args: Record<string, unknown>, maxChars?: number): Promise<Outcome> {
      try {
        // A bad argument is refused at once, without waiting for the snapshot.
        parseInput(capability, args);
        const corpus = await current();
        const registry = options.registry?.();
        const ctx = {
          corpus,
          config,
          caller,
          now: new Date(),
          ...(payments === undefined ? {} : { payments }),
          ...(registry === undefined ? {} : { registry }),
        };
        return { ok: true, body: await callCapability(capability, args, ctx, maxChars) };
      } catch (err) {
        return failure(err, log);
      }
    },
    close(): Promise<void> {
      closing.abort();
      return Promise.resolve();
    },
  };
}
