// Test helpers: build a small snapshot into a temporary directory, and serve it on a loopback port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../engine/config.js';
import type { Corpus } from '../../engine/corpus.js';
import { buildSnapshot, type BuildSource } from '../../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, investigationsSource, syntheticSource } from '../../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../../snapshots/load/load-snapshot.js';
import { startService, type RunningService } from '../../server/service.js';

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `unshell-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The demo investigations plus a small synthetic background: the core suite's corpus. */
export function testSources(background = 2000): BuildSource[] {
  return [investigationsSource(), syntheticSource(background)];
}

export async function buildTestSnapshot(out: string, sources: BuildSource[] = testSources()): Promise<void> {
  await buildSnapshot({ out, sources, sourceNames: SOURCE_NAMES });
}

export async function loadTestCorpus(sources?: BuildSource[]): Promise<{ corpus: Corpus; dir: string; remove: () => void }> {
  const t = tempDir('corpus');
  const dir = path.join(t.dir, 'snapshot');
  await buildTestSnapshot(dir, sources);
  return { corpus: await loadSnapshot(dir), dir, remove: t.remove };
}

export interface TestServer {
  base: string;
  service: RunningService;
  stop: () => Promise<void>;
}

/** A real HTTP server on an ephemeral loopback port, serving a freshly built test snapshot; `env`: UNSHELL_* settings. */
export async function startTestServer(sources?: BuildSource[], env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const t = tempDir('server');
  const dir = path.join(t.dir, 'snapshot');
  await buildTestSnapshot(dir, sources);
  const config = loadConfig({ snapshot: dir, port: '0', host: '127.0.0.1', dataDir: path.join(t.dir, 'data') }, env);
  const service = await startService(config, () => undefined);
  await service.ready;
  return {
    base: `http://127.0.0.1:${service.port}`,
    service,
    stop: async () => {
      await service.close();
      t.remove();
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = Record<string, unknown>>(url: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text === '' ? {} : JSON.parse(text)) as T };
}

export async function postJson<T = Record<string, unknown>>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return getJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Only the three hand-written investigations: the smallest corpus that exercises the interface. */
export function investigationsOnly(): BuildSource[] {
  return [investigationsSource()];
}
