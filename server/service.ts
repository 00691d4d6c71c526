// Runs the service: listens at once, answers 503 until the snapshot is loaded, builds the demo snapshot on first start.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { CAPABILITIES } from '../engine/capabilities/registry.js';
import { demoSnapshotDir, type Config } from '../engine/config.js';
import type { Corpus } from '../engine/corpus.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, demoSources } from '../snapshots/demo/demo-corpus.js';
import { MANIFEST_FILE } from '../snapshots/format/manifest.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { createApp, type ServiceState } from './http/app.js';
import { packageVersion } from './version.js';

export interface RunningService {
  server: Server;
  port: number;
  state: ServiceState;
  /** Settles when the corpus is loaded (or fails to load). */
  ready: Promise<Corpus>;
  close(): Promise<void>;
}

/** The snapshot to serve: the configured one, or the demo snapshot, built first if it does not exist yet. */
export async function ensureSnapshot(config: Config, log: (line: string) => void): Promise<string> {
  if (config.snapshot !== null) return config.snapshot;
  const dir = demoSnapshotDir(config);
  if (!existsSync(path.join(dir, MANIFEST_FILE))) {
    log(`no snapshot configured and no demo snapshot in ${dir}: building the demo corpus (first start only)`);
    await buildSnapshot({ out: dir, sources: demoSources(), sourceNames: SOURCE_NAMES, log });
  }
  return dir;
}

export async function startService(config: Config, log: (line: string) => void): Promise<RunningService> {
  const state: ServiceState = { corpus: null, loadError: null };
  const app = createApp({ config, state, capabilities: CAPABILITIES, version: packageVersion(), log });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, undefined, config.host);
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  log(`listening on http://${config.host}:${port} (loading snapshot; /readyz answers 503 until it is loaded)`);
  const ready = (async (): Promise<Corpus> => {
    try {
      const dir = await ensureSnapshot(config, log);
      const started = Date.now();
      const corpus = await loadSnapshot(dir, { log });
      state.corpus = corpus;
      log(`ready: snapshot ${corpus.info.snapshotId}, ${corpus.entities.size} entities, ${corpus.graph.size} relationships, loaded in ${Date.now() - started} ms`);
      return corpus;
    } catch (err) {
      state.loadError = err instanceof Error ? err.message : String(err);
      log(`snapshot failed to load: ${state.loadError}`);
      throw err;
    }
  })();
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, port, state, ready, close };
}
