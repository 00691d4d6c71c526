// Runs capabilities against a corpus loaded in this process: one program, no network.
import { setTimeout as delay } from 'node:timers/promises';
import { anonymousCaller } from '../../engine/access/plans.js';
import type { Capability } from '../../engine/capabilities/capability.js';
import { parseInput } from '../../engine/capabilities/validate.js';
import type { Config } from '../../engine/config.js';
import type { Corpus } from '../../engine/corpus.js';
import type { Payments } from '../../engine/payments/payments.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { secrecyTable } from '../../engine/offshore/secrecy-table.js';
import { ensureSnapshot } from '../../server/service.js';
import { loadSnapshot } from '../../snapshots/load/load-snapshot.js';
import { startBackgroundEmbedding } from '../../engine/semantic/background.js';
import { failure, type Backend, type Outcome } from './backend.js';

/**
 * How long a tool call made while the snapshot is still loading waits for it before answering `not_ready`.
 * Loading a built snapshot takes seconds, so early calls simply wait; building the demo corpus on a first
 * start takes longer, and a call should not outlive an MCP client's request timeout (60 s by default).
 */
export const LOAD_WAIT_MS = 20_000;

export interface LocalBackendOptions {
  config: Config;
  /** The corpus, or its loading; see `loadCorpus`. */
  corpus: Promise<Corpus>;
  log: (line: string) => void;
  loadWaitMs?: number;
  /** Checkout, claim and access tokens (`unshell mcp` gives it one on the data dir; see checkout-page-server.ts). */
  payments?: Payments;
}

/** The same snapshot `unshell serve` would serve: the configured one, or the demo snapshot, built on first start. */
export async function loadCorpus(config: Config, log: (line: string) => void): Promise<Corpus> {
  secrecyTable(config.secrecyTable); // a bad operator table fails the load with its message, not each call
  const dir = await ensureSnapshot(config, log);
  const started = Date.now();
  const corpus = await loadSnapshot(dir, { log });
  log(
    `ready: snapshot ${corpus.info.snapshotId}, ${corpus.entities.size} entities, loaded in ${Date.now() - started} ms`,
  );
  // Runs until done or the process exits; a concurrent `unshell serve` on the same data directory keeps the log.
  startBackgroundEmbedding(corpus, { dataDir: config.dataDir, embed: config.embedBackground, log });
  return corpus;
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
    async call(capability: Capability, args: Record<string, unknown>): Promise<Outcome> {
      try {
        const input = parseInput(capability, args);
        const ctx = {
          corpus: await current(),
          config,
          caller,
          now: new Date(),
          ...(payments === undefined ? {} : { payments }),
        };
        const body: unknown = await capability.run(ctx, input);
        return { ok: true, body };
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
