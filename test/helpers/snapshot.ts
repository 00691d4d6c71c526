// Test helpers: build a small snapshot into a temporary directory, and serve it on a loopback port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { loadConfig } from '../../engine/app/config.js';
import type { Context } from '../../engine/app/contract/capability.js';
import type { Corpus } from '../../engine/corpus.js';
import { buildSnapshot, type BuildSource } from '../../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, investigationsSource, syntheticSource } from '../../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../../snapshots/load/load-snapshot.js';
import { startService, type RunningService } from '../../server/service.js';
import { cachedSnapshot } from './snapshot-cache.js';

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `unshell-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Source lists made by the functions below, by the name of what they hold: built once a run (snapshot-cache.ts). */
const recipes = new WeakMap<BuildSource[], string>();

/** The demo investigations plus a small synthetic background: the core suite's corpus. */
export function testSources(background = 2000): BuildSource[] {
  const sources = [investigationsSource(), syntheticSource(background)];
  recipes.set(sources, `investigations-and-synthetic-${background}`);
  return sources;
}

export async function buildTestSnapshot(out: string, sources: BuildSource[] = testSources()): Promise<void> {
  const build = async (dir: string): Promise<void> => {
    await buildSnapshot({ out: dir, sources, sourceNames: SOURCE_NAMES });
  };
  const recipe = recipes.get(sources);
  await (recipe === undefined ? build(out) : cachedSnapshot(recipe, out, build));
}

export async function loadTestCorpus(
  sources?: BuildSource[],
): Promise<{ corpus: Corpus; dir: string; remove: () => void }> {
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

/**
 * Limits high enough that a test firing many requests at one server is never refused: only the tests about limits
 * set their own (their `env` wins).
 */
export const UNLIMITED: Readonly<Record<string, string>> = {
  UNSHELL_RATE_ANONYMOUS: '1000000',
  UNSHELL_RATE_KEYED: '1000000',
};

export interface ServerOptions {
  /** UNSHELL_* variables as the server would read them. */
  env?: Record<string, string>;
}

/** A real HTTP server on an ephemeral loopback port over an existing snapshot and data directory. */
export async function serveOn(snapshot: string, dataDir: string, options: ServerOptions = {}): Promise<TestServer> {
  const config = loadConfig({ snapshot, port: '0', host: '127.0.0.1', dataDir }, { ...UNLIMITED, ...options.env });
  const service = await startService(config, () => undefined);
  await service.ready;
  return { base: `http://127.0.0.1:${service.port}`, service, stop: () => service.close() };
}

/** A real HTTP server on an ephemeral loopback port, serving a freshly built test snapshot. */
export async function startTestServer(sources?: BuildSource[], options: ServerOptions = {}): Promise<TestServer> {
  const t = tempDir('server');
  const dir = path.join(t.dir, 'snapshot');
  await buildTestSnapshot(dir, sources);
  const server = await serveOn(dir, path.join(t.dir, 'data'), options);
  return {
    ...server,
    stop: async () => {
      await server.stop();
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

export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  return getJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Only the three hand-written investigations: the smallest corpus that exercises the interface. */
export function investigationsOnly(): BuildSource[] {
  const sources = [investigationsSource()];
  recipes.set(sources, 'investigations');
  return sources;
}

/** The context a capability runs in when a test calls it directly: default configuration, an anonymous caller, `now`. */
export function testContext(corpus: Corpus, now: Date): Context {
  return { corpus, config: loadConfig({}, {}), caller: { keyed: false, batchLimit: 25 }, now };
}

/** The day every capability test calls today, so that overdue flags and relative dates stay put. */
export const TEST_NOW = new Date('2026-11-22T12:00:00Z');

/**
 * A test file's corpus and capability context: built in a `before` hook and removed in an `after` hook, both
 * registered where this is called. Read `ctx` inside tests and later hooks only: it exists once `before` has run.
 */
export function useTestContext(sources?: BuildSource[]): { readonly ctx: Context } {
  let ctx: Context | null = null;
  let remove = (): void => undefined;
  before(async () => {
    const t = await loadTestCorpus(sources);
    remove = t.remove;
    ctx = testContext(t.corpus, TEST_NOW);
  });
  after(() => remove());
  return {
    get ctx(): Context {
      if (ctx === null) throw new Error('the test corpus was read before its before() hook ran');
      return ctx;
    },
  };
}
