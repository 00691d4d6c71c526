// One Companies House Streaming API stream, followed for as long as the process runs.
//
// A long-lived GET with HTTP basic auth (the stream key as user name) whose body is newline-delimited JSON, one
// event per line, with blank lines as heartbeats. After a disconnect (or a restart, given the last applied
// timepoint) the stream resumes with `?timepoint=N` from the last event applied, so that nothing is missed; events
// the registry sends again are recognised by `resource_id` + `data.etag` and skipped. A line cut by a disconnect is
// dropped with its connection. Malformed lines are counted and skipped, never fatal.
//
// What a line means is read by the caller's reader (in a thread of its own in the service), while the events of the
// read before are applied: parsing and checking a line costs as much as applying it.
import { z } from 'zod';
import { readsOf } from './stream-reads.js';

export const CH_STREAMS = [
  'companies',
  'officers',
  'persons-with-significant-control',
  'filings',
  'charges',
  'insolvency-cases',
  'disqualified-officers',
] as const;
export type ChStream = (typeof CH_STREAMS)[number];

const StreamEventSchema = z.object({
  resource_kind: z.string().min(1),
  resource_id: z.string().min(1),
  resource_uri: z.string(),
  data: z.record(z.string(), z.unknown()),
  event: z.object({
    timepoint: z.number().int().nonnegative(),
    published_at: z.string(),
    type: z.enum(['changed', 'deleted']),
  }),
});
export type StreamEvent = z.infer<typeof StreamEventSchema>;

/**
 * An event read from a line: who it is (to recognise it when sent again), the timepoint it brings the stream to,
 * and what the reader made of it.
 */
export interface ReadEvent<T> {
  identity: string;
  timepoint: number;
  value: T;
}

/** Reads the lines of one read from a connection, in order: each an event, or null for a line that is none. */
export type LineReader<T> = (
  lines: readonly string[],
) => Promise<ReadonlyArray<ReadEvent<T> | null>> | ReadonlyArray<ReadEvent<T> | null>;

/** A line as an event, or null when it is not JSON or not an event's shape. */
export function readEventLine(line: string): StreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = StreamEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** An event sent again has the same resource, version (etag, else timepoint) and type. */
export function identityOf(event: StreamEvent): string {
  const etag = typeof event.data.etag === 'string' ? event.data.etag : `t${event.event.timepoint}`;
  return `${event.resource_id}\u0000${etag}\u0000${event.event.type}`;
}

/** Reads lines as events, in this thread. */
export const readLinesHere: LineReader<StreamEvent> = (lines) =>
  lines.map((line) => {
    const event = readEventLine(line);
    return event === null ? null : { identity: identityOf(event), timepoint: event.event.timepoint, value: event };
  });

export type StreamConnection = 'connecting' | 'connected' | 'backing_off' | 'unauthorized' | 'stopped';

/** What `/readyz` and the status document show of a stream. */
export interface StreamStatus {
  stream: ChStream;
  connection: StreamConnection;
  /** The timepoint of the last event applied; the stream resumes from it. */
  timepoint: number | null;
  last_error: string | null;
  applied: number;
  /** Lines that were not events (malformed JSON, an unknown shape), and events sent again. */
  skipped: number;
  duplicates: number;
}

export interface StreamOptions<T> {
  stream: ChStream;
  key: string;
  /** The stream origin; stream paths are the registry's (`/companies`, `/filings`, …). */
  base: string;
  /** Resume after this timepoint (the journal's last applied one); null: from now. */
  from: number | null;
  /** Reads the lines of each read from the connection. */
  read: LineReader<T>;
  /**
   * Applies the new events of one read from the connection, in order (a group: one journal write for all of them).
   * The stream counts them applied, and their timepoint reached, once it returns; the next read is read meanwhile.
   */
  apply: (events: readonly T[]) => Promise<void> | void;
  log: (line: string) => void;
  /** Waits between reconnections, doubling from the first to the last. */
  backoffMs?: { first: number; last: number };
}

/** How many recent `resource_id` + `etag` pairs are remembered to recognise events sent again. */
const REMEMBERED = 100_000;

export class CompaniesHouseStream<T> {
  readonly #options: StreamOptions<T>;
  readonly #status: StreamStatus;
  readonly #seen = new Set<string>();
  #controller: AbortController | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;
  /** The key was refused on the last try (said once in the log, shown in the status until a connection succeeds). */
  #refused = false;

  constructor(options: StreamOptions<T>) {
    this.#options = options;
    this.#status = {
      stream: options.stream,
      connection: 'connecting',
      timepoint: options.from,
      last_error: null,
      applied: 0,
      skipped: 0,
      duplicates: 0,
    };
  }

  status(): Readonly<StreamStatus> {
    return { ...this.#status };
  }

  start(): void {
    this.#running ??= this.#follow();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#controller?.abort();
    await this.#running;
    this.#status.connection = 'stopped';
  }

  async #follow(): Promise<void> {
    const { first, last } = this.#options.backoffMs ?? { first: 1_000, last: 60_000 };
    let wait = first;
    while (!this.#stopped) {
      const received = await this.#connectOnce();
      if (this.#stopped) break;
      // A connection that brought events resets the backoff; a refused or empty one doubles it.
      wait = received ? first : Math.min(last, wait * 2);
      if (this.#status.connection !== 'unauthorized') this.#status.connection = 'backing_off';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.#controller?.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** One connection, read to its end; true when it brought at least one event. */
  async #connectOnce(): Promise<boolean> {
    const { stream, key, base, log } = this.#options;
    this.#controller = new AbortController();
    const resume = this.#status.timepoint === null ? '' : `?timepoint=${this.#status.timepoint}`;
    const url = `${base.replace(/\/+$/, '')}/${stream}${resume}`;
    // A refused key stays visible in the status while the stream keeps trying.
    if (!this.#refused) this.#status.connection = 'connecting';
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
        signal: this.#controller.signal,
      });
    } catch (err) {
      if (!this.#stopped) this.#fail(`cannot reach ${url}: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      if (!this.#refused)
        log(
          `Companies House stream ${stream}: the stream key was refused (HTTP ${res.status}); check UNSHELL_CH_STREAM_KEY`,
        );
      this.#refused = true;
      this.#status.connection = 'unauthorized';
      this.#status.last_error = `the stream key was refused (HTTP ${res.status})`;
      return false;
    }
    if (!res.ok || res.body === null) {
      await res.body?.cancel();
      this.#fail(`${url} answered HTTP ${res.status}`);
      return false;
    }
    this.#status.connection = 'connected';
    this.#refused = false;
    let received = false;
    let pending = '';
    const decoder = new TextDecoder();
    // The read before this one, being applied while this one is read.
    let applying: Promise<void> = Promise.resolve();
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        const delivered: string[] = [];
        let newline = pending.indexOf('\n');
        while (newline !== -1) {
          const line = pending.slice(0, newline).trim();
          pending = pending.slice(newline + 1);
          if (line !== '') delivered.push(line);
          newline = pending.indexOf('\n');
        }
        for (const lines of readsOf(delivered)) {
          // Once stopped no further read is applied, and a restart resumes after the last one that was.
          if (this.#stopped) break;
          const reading = Promise.resolve(this.#options.read(lines));
          reading.catch(() => undefined); // a failed read is thrown below, once the read before is applied
          await applying;
          const read = await reading;
          if (this.#stopped) break;
          received ||= read.some((event) => event !== null);
          const batch = this.#take(read);
          applying = batch.length > 0 ? this.#applyBatch(batch) : Promise.resolve();
          applying.catch(() => undefined); // awaited with the next read, or below
        }
      }
      await applying;
      // The registry ends a connection at will; what followed the last newline was cut off, and is dropped.
      if (!this.#stopped) this.#fail(`${url} closed the connection`);
    } catch (err) {
      await applying.catch(() => undefined);
      if (!this.#stopped) this.#fail(`${url} broke off: ${err instanceof Error ? err.message : String(err)}`);
    }
    return received;
  }

  /** The new events of a read: lines that were no event are counted skipped, events sent again duplicates. */
  #take(read: ReadonlyArray<ReadEvent<T> | null>): Array<ReadEvent<T>> {
    const batch: Array<ReadEvent<T>> = [];
    const inBatch = new Set<string>();
    for (const event of read) {
      if (event === null) {
        this.#status.skipped++;
        continue;
      }
      if (this.#seen.has(event.identity) || inBatch.has(event.identity)) {
        this.#status.duplicates++;
        continue;
      }
      inBatch.add(event.identity);
      batch.push(event);
    }
    return batch;
  }

  async #applyBatch(batch: ReadonlyArray<ReadEvent<T>>): Promise<void> {
    await this.#options.apply(batch.map((e) => e.value));
    for (const event of batch) {
      this.#remember(event.identity);
      this.#status.timepoint = Math.max(this.#status.timepoint ?? 0, event.timepoint);
    }
    this.#status.applied += batch.length;
    this.#status.last_error = null;
  }

  #remember(identity: string): void {
    this.#seen.add(identity);
    if (this.#seen.size > REMEMBERED) {
      const oldest = this.#seen.values().next().value;
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
  }

  #fail(why: string): void {
    this.#status.last_error = why;
    if (this.#status.connection !== 'unauthorized') this.#status.connection = 'backing_off';
  }
}
