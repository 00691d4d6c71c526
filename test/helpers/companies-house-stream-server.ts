// A local stand-in for the Companies House Streaming API: basic auth with the stream key, long-lived responses of
// newline-delimited JSON with blank heartbeat lines, `?timepoint=N` resuming from event N, and, when asked,
// a connection cut in the middle of a line. It sends the lines it is given as they are (malformed ones included).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StreamStandInOptions {
  key: string;
  /** Lines of each stream (by path, `/companies`), in order, as the registry would send them. */
  lines: Record<string, string[]>;
  /** A blank line this often while a connection is open. */
  heartbeatMs?: number;
  /** On the first connection only, after this many lines: half of the next line, then the connection is cut. */
  cutAfter?: number;
  /**
   * Sends every line it has in one write, as the registry does to a follower that is behind (else one each 5 ms);
   * no connection is cut then (`cutAfter` is for lines sent one at a time).
   */
  burst?: boolean;
}

export interface StreamStandIn {
  base: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** The registry publishes more events on a stream (`/filings`): sent to whoever follows it, and later comers. */
  append(stream: string, lines: readonly string[]): void;
  stop: () => Promise<void>;
}

/** A line's timepoint, or null for a line that is not an event (it is sent only to a connection that starts at 0). */
function timepointOf(line: string): number | null {
  try {
    const t = (JSON.parse(line) as { event?: { timepoint?: unknown } }).event?.timepoint;
    return typeof t === 'number' ? t : null;
  } catch {
    return null;
  }
}

export async function startStreamStandIn(options: StreamStandInOptions): Promise<StreamStandIn> {
  const requests: string[] = [];
  const open = new Set<ServerResponse>();
  /** Per stream, how to wake each connection that has sent every line it had. */
  const waiters = new Map<string, Set<() => void>>();
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (auth === undefined || Buffer.from(auth, 'base64').toString('utf8') !== `${options.key}:`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":"Invalid Authorization"}');
      return;
    }
    const lines = options.lines[url.pathname];
    if (lines === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    const from = url.searchParams.has('timepoint') ? Number(url.searchParams.get('timepoint')) : null;
    const sendable = (line: string): boolean => {
      const t = timepointOf(line);
      return from === null || (t !== null && t >= from);
    };
    const first = connections++ === 0;
    res.writeHead(200, { 'content-type': 'application/json' });
    open.add(res);
    const heartbeat = setInterval(() => res.write('\n'), options.heartbeatMs ?? 50);
    let at = 0;
    let sent = 0;
    let idle = false;
    const next = (): void => {
      idle = false;
      if (res.destroyed) return;
      while (at < lines.length && !sendable(lines[at] ?? '')) at++;
      const line = lines[at];
      if (line === undefined) {
        idle = true; // all sent: the connection stays open, with heartbeats, until more lines come
        return;
      }
      if (options.burst === true) {
        const rest = lines.slice(at).filter(sendable);
        at = lines.length;
        res.write(rest.map((l) => `${l}\n`).join(''), next);
        return;
      }
      if (first && options.cutAfter !== undefined && sent === options.cutAfter) {
        res.write(line.slice(0, line.length >> 1), () => res.destroy());
        return;
      }
      at++;
      sent++;
      res.write(`${line}\n\n`);
      setTimeout(next, 5);
    };
    const wake = (): void => {
      if (idle) next();
    };
    const waiting = waiters.get(url.pathname) ?? new Set<() => void>();
    waiters.set(url.pathname, waiting);
    waiting.add(wake);
    res.on('close', () => {
      open.delete(res);
      clearInterval(heartbeat);
      waiting.delete(wake);
    });
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    append(stream, more) {
      (options.lines[stream] ??= []).push(...more);
      for (const wake of waiters.get(stream) ?? []) wake();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}
