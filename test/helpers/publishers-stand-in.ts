// A local stand-in for the sources' publishers: their files under their own paths, served as a CDN serves them
// (ETag, Last-Modified, conditional requests, ranges with If-Range, a Repr-Digest), and able to cut a download in
// the middle or change a file between two fetches.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import yazl from 'yazl';

interface Served {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: string;
  /** Requests still to cut off after this many bytes. */
  cuts: number[];
}

/** One request as the stand-in saw it. */
export interface SeenRequest {
  path: string;
  range: string | null;
  ifRange: string | null;
  ifNoneMatch: string | null;
  status: number;
}

export class PublishersStandIn {
  readonly seen: SeenRequest[] = [];
  readonly #files = new Map<string, Served>();
  readonly #redirects = new Map<string, string>();
  readonly #server: Server;
  #version = 0;

  private constructor() {
    this.#server = createServer((req, res) => this.#answer(req, res));
  }

  static async start(): Promise<PublishersStandIn> {
    const standIn = new PublishersStandIn();
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Serves `body` at `path` (a new version when the path was served before: a new ETag and date). */
  serve(path: string, body: Buffer | string, type = 'application/octet-stream'): void {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    this.#version += 1;
    this.#files.set(path, {
      body: bytes,
      type,
      etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}"`,
      lastModified: new Date(Date.UTC(2026, 10, 1) + this.#version * 60_000).toUTCString(),
      cuts: this.#files.get(path)?.cuts ?? [],
    });
  }

  serveFile(path: string, file: string, type?: string): void {
    this.serve(path, readFileSync(file), type);
  }

  /** Serves a zip archive of `entries` (name → file on disk) at `path`. */
  async serveZip(path: string, entries: Record<string, string>): Promise<void> {
    const zip = new yazl.ZipFile();
    for (const [name, file] of Object.entries(entries)) zip.addFile(file, name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    this.serve(path, Buffer.concat(chunks), 'application/zip');
  }

  /**
   * Answers `path` with a redirect to `to`, as GLEIF's golden-copy API answers its `latest` address with the
   * current publication's file.
   */
  redirect(path: string, to: string): void {
    this.#redirects.set(path, to);
  }

  /** The next request for `path` is cut off after `bytes` bytes of its body, as a dropped connection would. */
  cutNext(path: string, bytes: number): void {
    const served = this.#files.get(path);
    if (served === undefined) throw new Error(`nothing served at ${path}`);
    served.cuts.push(bytes);
  }

  body(path: string): Buffer {
    const served = this.#files.get(path);
    if (served === undefined) throw new Error(`nothing served at ${path}`);
    return served.body;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', this.origin).pathname;
    const served = this.#files.get(path);
    const header = (name: string): string | null => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const seen: SeenRequest = {
      path,
      range: header('range'),
      ifRange: header('if-range'),
      ifNoneMatch: header('if-none-match'),
      status: 200,
    };
    this.seen.push(seen);
    const send = (status: number, headers: Record<string, string>, body: Buffer | null): void => {
      seen.status = status;
      res.writeHead(status, headers);
      res.end(body ?? undefined);
    };
    const to = this.#redirects.get(path);
    if (to !== undefined) {
      send(302, { location: to }, null);
      return;
    }
    if (served === undefined) {
      send(404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
      return;
    }
    const common = {
      etag: served.etag,
      'last-modified': served.lastModified,
      'accept-ranges': 'bytes',
      'repr-digest': `sha-256=:${createHash('sha256').update(served.body).digest('base64')}:`,
      'content-type': served.type,
    };
    if (seen.ifNoneMatch !== null && seen.ifNoneMatch === served.etag) {
      send(304, { etag: served.etag, 'last-modified': served.lastModified }, null);
      return;
    }
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(seen.range ?? '');
    const sameVersion = seen.ifRange === null || seen.ifRange === served.etag || seen.ifRange === served.lastModified;
    if (range !== null && sameVersion) {
      start = Number(range[1]);
      if (start >= served.body.length) {
        send(416, { 'content-range': `bytes */${served.body.length}` }, null);
        return;
      }
    }
    const body = served.body.subarray(start);
    const headers: Record<string, string> = { ...common, 'content-length': String(body.length) };
    if (start > 0) headers['content-range'] = `bytes ${start}-${served.body.length - 1}/${served.body.length}`;
    const cut = served.cuts.shift();
    seen.status = start > 0 ? 206 : 200;
    res.writeHead(seen.status, headers);
    if (cut === undefined) {
      res.end(body);
      return;
    }
    // Part of the body, then the connection dropped.
    res.write(body.subarray(0, cut), () => setTimeout(() => res.destroy(), 20));
  }
}
