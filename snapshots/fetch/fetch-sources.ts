// `unshell sources fetch`: each chosen source's current bulk files from its publisher into one folder, with a manifest.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { NO_PROGRESS, type PassProgress } from '../../engine/runtime/pass-progress.js';
import { download, DownloadError } from './download.js';
import { addressOf, sourceOf, type PublishedFile, type SourceCode } from './source-catalog.js';
import { readSourcesManifest, withFile, writeSourcesManifest, type FetchedFile } from './sources-manifest.js';
import { unzip } from './unzip.js';

export interface FetchSourcesOptions {
  dir: string;
  sources: readonly SourceCode[];
  /** Where each file's address may be set (its variable). */
  env: NodeJS.ProcessEnv;
  progress?: PassProgress;
  log?: (line: string) => void;
  /** Longest wait for the next bytes of a download. */
  idleMs?: number;
}

/** What became of one file. */
export interface FileOutcome {
  id: string;
  source: SourceCode;
  outcome: 'fetched' | 'resumed' | 'unchanged' | 'failed' | 'no address';
  /** The file the importer reads, relative to the folder, when there is one. */
  path: string | null;
  bytes: number;
  detail: string | null;
}

const PAGE_TIMEOUT_MS = 60_000;

/**
 * Fetches every file of the chosen sources in turn. A file that fails is reported and the others go on; the
 * manifest is written after each file, so that what was fetched before a failure or an interruption is known.
 */
export async function fetchSources(options: FetchSourcesOptions): Promise<FileOutcome[]> {
  const { dir, env } = options;
  const progress = options.progress ?? NO_PROGRESS;
  const log = options.log ?? ((): void => undefined);
  mkdirSync(dir, { recursive: true });
  let manifest = readSourcesManifest(dir);
  const outcomes: FileOutcome[] = [];
  for (const code of options.sources) {
    const source = sourceOf(code);
    for (const file of source.files) {
      const address = addressOf(file, env);
      if (address === null) {
        const detail = source.note ?? `no public address: set ${file.variable}`;
        outcomes.push({ id: file.id, source: code, outcome: 'no address', path: null, bytes: 0, detail });
        log(`${file.id}: not fetched: ${detail}`);
        continue;
      }
      const known = manifest.files.find((f) => f.id === file.id) ?? null;
      try {
        const entry = await fetchFile(dir, code, file, address, known, progress, options.idleMs);
        manifest = withFile(manifest, entry.fetched);
        writeSourcesManifest(dir, manifest);
        outcomes.push({
          id: file.id,
          source: code,
          outcome: entry.outcome,
          path: entry.fetched.path,
          bytes: entry.fetched.bytes,
          detail: entry.fetched.url,
        });
        log(`${file.id}: ${entry.outcome} ${entry.fetched.url} (${entry.fetched.bytes.toLocaleString('en')} bytes)`);
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        outcomes.push({ id: file.id, source: code, outcome: 'failed', path: known?.path ?? null, bytes: 0, detail });
        log(`${file.id}: failed: ${detail}`);
      }
    }
  }
  return outcomes;
}

async function fetchFile(
  dir: string,
  code: SourceCode,
  file: PublishedFile,
  address: string,
  known: FetchedFile | null,
  progress: PassProgress,
  idleMs: number | undefined,
): Promise<{ fetched: FetchedFile; outcome: 'fetched' | 'resumed' | 'unchanged' }> {
  const url = file.link === undefined ? address : await linkedFile(address, file.link);
  const relative = path.join(code, file.name);
  const target = path.join(dir, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  const got = await download({
    url,
    file: target,
    known: known === null || known.file !== relative ? null : known,
    meter: (total) => progress(`downloading ${file.id}`, total, 'MB'),
    ...(idleMs === undefined ? {} : { idleMs }),
  });
  let readPath = relative;
  if (file.zip === true) {
    const folder = relative.replace(/\.zip$/, '');
    if (got.unchanged && known !== null && existsSync(path.join(dir, known.path))) readPath = known.path;
    else {
      const unpacked = await unzip(target, path.join(dir, folder), (total) =>
        progress(`unpacking ${file.id}`, total, 'MB'),
      );
      const only = unpacked.files.length === 1 ? unpacked.files[0] : undefined;
      readPath = only === undefined ? folder : path.join(folder, only);
    }
  }
  const now = new Date().toISOString();
  const fetched: FetchedFile = {
    id: file.id,
    source: code,
    format: file.format,
    address,
    url: got.url,
    file: relative,
    path: readPath,
    bytes: got.bytes,
    sha256: got.sha256,
    etag: got.etag,
    last_modified: got.last_modified,
    digest_checked: got.digest_checked || (got.unchanged && known?.digest_checked === true),
    checked_at: now,
    changed_at: got.unchanged && known !== null ? known.changed_at : now,
  };
  return { fetched, outcome: got.unchanged ? 'unchanged' : got.resumed_from > 0 ? 'resumed' : 'fetched' };
}

/** The current file a download page links to: the newest by name of the links that match, as an absolute address. */
async function linkedFile(page: string, link: RegExp): Promise<string> {
  let res: Response;
  try {
    res = await fetch(page, { signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
  } catch (err) {
    throw new DownloadError(`${page}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) throw new DownloadError(`${page} answered HTTP ${res.status}`);
  const html = await res.text();
  const names = [...html.matchAll(new RegExp(link.source, 'g'))].map((m) => m[0]).sort();
  const newest = names[names.length - 1];
  if (newest === undefined) throw new DownloadError(`${page} links to no file like ${link.source}`);
  return new URL(newest, res.url || page).toString();
}
