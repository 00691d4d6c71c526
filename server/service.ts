// Runs the service: listens at once, answers 503 until the snapshot is loaded, builds the demo snapshot on first start.
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { Access } from '../engine/access/access.js';
import { CAPABILITIES } from '../engine/capabilities/registry.js';
import { secrecyTable } from '../engine/offshore/secrecy-table.js';
import { demoSnapshotDir, type Config } from '../engine/config.js';
import { PaymentService } from '../engine/payments/payment-service.js';
import type { Corpus } from '../engine/corpus.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, demoSources } from '../snapshots/demo/demo-corpus.js';
import { FORMAT_VERSION, MANIFEST_FILE } from '../snapshots/format/manifest.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { startBackgroundEmbedding, type BackgroundEmbedding } from '../engine/semantic/background.js';
import { createApp, type ServiceState } from './http/app.js';
import { packageVersion } from './version.js';

export interface RunningService {
  server: Server;
  port: number;
  state: ServiceState;
  payments: PaymentService;
  /** Settles when the corpus is loaded (or fails to load). */
  ready: Promise<Corpus>;
  close(): Promise<void>;
}

/** The format version of the snapshot in `dir`, or null when there is none or its manifest cannot be read. */
function formatVersionOf(dir: string): number | null {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { format_version?: unknown }).format_version;
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The snapshot to serve: the configured one, or the demo snapshot, built on first start. The demo snapshot is
 * derived data, so one left by an earlier version of unshell in another format is rebuilt rather than refused.
 */
export async function ensureSnapshot(config: Config, log: (line: string) => void): Promise<string> {
  if (config.snapshot !== null) return config.snapshot;
  const dir = demoSnapshotDir(config);
  const version = formatVersionOf(dir);
  if (version !== FORMAT_VERSION) {
    log(
      version === null
        ? `no snapshot configured and no demo snapshot in ${dir}: building the demo corpus (first start only)`
        : `the demo snapshot in ${dir} has format version ${version}, this unshell writes ${FORMAT_VERSION}: rebuilding it`,
    );
    await buildSnapshot({ out: dir, sources: demoSources(), sourceNames: SOURCE_NAMES, log });
  }
  return dir;
}

export async function startService(config: Config, log: (line: string) => void): Promise<RunningService> {
  // An operator's secrecy table is read and checked once, here, so that a bad file stops the start, not a request.
  secrecyTable(config.secrecyTable);
  const state: ServiceState = { corpus: null, loadError: null };
  // Links to the checkout page use the public URL; one derived from port 0 (tests) is fixed once the port is known.
  let pageBase = config.publicUrl;
  const payments = PaymentService.open(config, { log, pageBase: () => Promise.resolve(pageBase) });
  log(
    `payments: ${payments.mode === 'test' ? 'TEST MODE (no Stripe key): checkouts are paid on the built-in test page' : 'Stripe Checkout'}`,
  );
  // In test mode anyone can buy a report for nothing: fine on loopback, worth a warning anywhere else.
  if (payments.mode === 'test' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    log(
      `warning: listening on ${config.host} in payment TEST MODE: anyone reaching this server can unlock reports without paying; set UNSHELL_STRIPE_SECRET_KEY`,
    );
  }
  // Keys and usage are opened (and a corrupt log refused) before the port is, so a bad data directory stops the start.
  const access = Access.open(config);
  const { limits } = config;
  const live = access.keys.list().filter((k) => k.revoked_at === null).length;
  log(
    `access: ${live} API key(s) in ${config.dataDir}; ${limits.anonymousRate}/min per anonymous IP, ${limits.keyedRate}/min per key; ` +
      `X-Forwarded-For ${config.trustProxy ? 'trusted' : 'ignored'}`,
  );
  const app = createApp({
    config,
    state,
    capabilities: CAPABILITIES,
    version: packageVersion(),
    log,
    payments,
    access,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, undefined, config.host);
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  if (config.port === 0 && pageBase.endsWith(':0')) pageBase = `${pageBase.slice(0, -1)}${port}`;
  log(`listening on http://${config.host}:${port} (loading snapshot; /readyz answers 503 until it is loaded)`);
  let background: BackgroundEmbedding | null = null;
  const ready = (async (): Promise<Corpus> => {
    try {
      const dir = await ensureSnapshot(config, log);
      const started = Date.now();
      const corpus = await loadSnapshot(dir, { log });
      state.corpus = corpus;
      background = startBackgroundEmbedding(corpus, { dataDir: config.dataDir, embed: config.embedBackground, log });
      log(
        `ready: snapshot ${corpus.info.snapshotId}, ${corpus.entities.size} entities, ${corpus.graph.size} relationships, loaded in ${Date.now() - started} ms`,
      );
      return corpus;
    } catch (err) {
      state.loadError = err instanceof Error ? err.message : String(err);
      log(`snapshot failed to load: ${state.loadError}`);
      throw err;
    }
  })();
  const close = async (): Promise<void> => {
    await background?.stop();
    await new Promise<void>((resolve) => {
      server.close(() => {
        payments.close();
        access.close();
        resolve();
      });
      server.closeAllConnections();
    });
  };
  return { server, port, state, payments, ready, close };
}
