// One file from its publisher, over HTTP: resumed where a cut download stopped, not fetched again when unchanged,
// checked against the digest the publisher sends with it.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';
import type { PhaseMeter } from '../../engine/runtime/pass-progress.js';

/** What the publisher said of a copy: the validators a conditional or ranged request sends back. */
export interface Validators {
  etag: string | null;
  last_modified: string | null;
}

/** A copy already on disk, as the sources manifest describes it. */
export interface KnownCopy extends Validators {
  sha256: string;
}

export interface DownloadOptions {
  url: string;
  /** Where the whole file goes; `${file}.part` holds a download in progress. */
  file: string;
  /** The copy `file` holds now, when there is one: it is fetched again only when the publisher changed it. */
  known?: KnownCopy | null;
  /** The meter of the bytes received, given the file's size when the publisher says it. */
  meter?: (total: number | null) => PhaseMeter;
  /** Longest wait for the next bytes before the download is given up (and left to resume). Default 60 s. */
  idleMs?: number;
}

export interface Downloaded extends Validators {
  /** The address the file came from, after redirects. */
  url: string;
  bytes: number;
  sha256: string;
  /** True when the copy on disk was already the publisher's current one: nothing was written. */
  unchanged: boolean;
  /** Bytes of an earlier, cut download that this one continued. */
  resumed_from: number;
  /** Whether the publisher sent a digest of the file, and it matched. */
  digest_checked: boolean;
}

/** The download's failure: what went wrong, and whether what was received is kept for the next try. */
export class DownloadError extends Error {}

const IDLE_MS = 60_000;

/** What a `.part` file was started from: a resumed download must continue the same version of the file. */
const PartStateSchema = z.object({
  url: z.string(),
  etag: z.string().nullable(),
  last_modified: z.string().nullable(),
});

const validatorsOf = (res: Response): Validators => ({
  etag: res.headers.get('etag'),
  last_modified: res.headers.get('last-modified'),
});

/**
 * Downloads `url` to `file`. A download cut off (a dropped connection, an interrupted process) leaves
 * `${file}.part`, which the next call continues with a range request when the publisher still serves the same
 * version (If-Range); a publisher that changed the file or serves no ranges sends it whole again. When `known`
 * describes the copy in `file`, a conditional request (If-None-Match, If-Modified-Since) lets the publisher answer
 * 304, and a publisher that ignores it is caught by the checksum: the same bytes are not written again.
 */
export async function download(options: DownloadOptions): Promise<Downloaded> {
  const { url, file } = options;
  const part = `${file}.part`;
  const partState = `${part}.json`;
  const idleMs = options.idleMs ?? IDLE_MS;
  const known = options.known !== undefined && options.known !== null && existsSync(file) ? options.known : null;

  let resumeFrom = 0;
  let resumeWith: string | null = null;
  if (existsSync(part) && existsSync(partState)) {
    const state = PartStateSchema.safeParse(readJson(partState));
    const validator = state.success ? (state.data.etag ?? state.data.last_modified) : null;
    if (state.success && state.data.url === url && validator !== null) {
      resumeFrom = statSync(part).size;
      resumeWith = validator;
    }
  }
  const headers: Record<string, string> = {};
  if (resumeFrom > 0 && resumeWith !== null) {
    headers.range = `bytes=${resumeFrom}-`;
    headers['if-range'] = resumeWith;
  } else if (known !== null) {
    if (known.etag !== null) headers['if-none-match'] = known.etag;
    if (known.last_modified !== null) headers['if-modified-since'] = known.last_modified;
  }

  const abort = new AbortController();
  let idle = setTimeout(() => abort.abort(), idleMs);
  const stillReceiving = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(), idleMs);
  };
  try {
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: abort.signal });
    } catch (err) {
      throw new DownloadError(`${url}: ${reasonOf(err, idleMs)}`);
    }
    if (res.status === 304 && known !== null) {
      await res.body?.cancel();
      const size = statSync(file).size;
      return { ...known, url: res.url || url, bytes: size, unchanged: true, resumed_from: 0, digest_checked: false };
    }
    if (res.status === 416) {
      // The range starts at or past the end: the part is not of this file. Start again, whole.
      await res.body?.cancel();
      rmSync(part, { force: true });
      rmSync(partState, { force: true });
      return await download(options);
    }
    if (res.status !== 200 && res.status !== 206)
      throw new DownloadError(`${url} answered HTTP ${res.status}${res.statusText === '' ? '' : ` ${res.statusText}`}`);

    const continuing = res.status === 206 && rangeStart(res) === resumeFrom;
    if (res.status === 206 && !continuing) {
      await res.body?.cancel();
      // What was received cannot be continued from this answer: the next fetch starts the file again, whole.
      rmSync(part, { force: true });
      rmSync(partState, { force: true });
      throw new DownloadError(`${url} answered a range other than the one asked (${res.headers.get('content-range')})`);
    }
    const start = continuing ? resumeFrom : 0;
    const validators = validatorsOf(res);
    writeFileSync(partState, JSON.stringify({ url, ...validators }));
    const length = Number(res.headers.get('content-length') ?? '');
    const meter = options.meter?.(Number.isFinite(length) && length > 0 ? start + length : null);
    meter?.advance(start);

    const hash = createHash('sha256');
    if (start > 0) for await (const chunk of createReadStream(part)) hash.update(chunk as Buffer);
    const out = await open(part, start > 0 ? 'a' : 'w');
    let received = start;
    try {
      // fetch's body is typed as a stream of anything; an HTTP body is bytes.
      if (res.body !== null)
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
          stillReceiving();
          hash.update(chunk);
          await out.write(chunk);
          received += chunk.byteLength;
          meter?.advance(chunk.byteLength);
        }
    } catch (err) {
      throw new DownloadError(
        `${url}: cut off after ${received.toLocaleString('en')} bytes (${reasonOf(err, idleMs)}); the next fetch resumes there`,
      );
    } finally {
      await out.close();
    }
    meter?.finish();
    if (Number.isFinite(length) && length > 0 && received !== start + length)
      throw new DownloadError(
        `${url}: cut off after ${received.toLocaleString('en')} of ${(start + length).toLocaleString('en')} bytes; the next fetch resumes there`,
      );

    const sha256 = hash.digest('hex');
    const sent = publishedDigest(res);
    if (sent !== null && sent !== sha256) {
      rmSync(part, { force: true });
      rmSync(partState, { force: true });
      throw new DownloadError(`${url}: the file received does not match the SHA-256 digest its publisher sent`);
    }
    rmSync(partState, { force: true });
    const base = { url: res.url || url, bytes: received, sha256, resumed_from: start, digest_checked: sent !== null };
    if (known !== null && known.sha256 === sha256) {
      rmSync(part, { force: true });
      return { ...base, ...validators, unchanged: true };
    }
    renameSync(part, file);
    return { ...base, ...validators, unchanged: false };
  } finally {
    clearTimeout(idle);
  }
}

/** Where a 206 answer's bytes start (`Content-Range: bytes START-END/TOTAL`). */
function rangeStart(res: Response): number | null {
  const m = /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
  return m === null ? null : Number(m[1]);
}

/**
 * The SHA-256 of the whole file, when the publisher sends one: `Repr-Digest: sha-256=:BASE64:` (RFC 9530, which
 * describes the whole file even in a range answer) or the older `Digest: SHA-256=BASE64` (RFC 3230). Hex.
 */
function publishedDigest(res: Response): string | null {
  const repr = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(res.headers.get('repr-digest') ?? '');
  const legacy =
    res.status === 200 ? /(?:^|,)\s*sha-256=([A-Za-z0-9+/=]+)/i.exec(res.headers.get('digest') ?? '') : null;
  const b64 = repr?.[1] ?? legacy?.[1];
  return b64 === undefined ? null : Buffer.from(b64, 'base64').toString('hex');
}

function reasonOf(err: unknown, idleMs: number): string {
  if (err instanceof Error && err.name === 'AbortError') return `no data for ${Math.round(idleMs / 1000)} s`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}
