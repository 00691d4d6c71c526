// Operator state that must survive a crash: an append-only log of checksummed events, replayed at start.
//
// Each event is one line, `<crc32 hex>\t<json>\n`, written with one write(2) before the caller is answered, so a
// kill -9 loses nothing that was acknowledged; `fsync` durability also survives a power cut. A torn last line (a
// write cut off by the crash) is dropped on the next start; a bad line anywhere else is corruption and stops the
// start with the file and line named, because silently skipping it would lose state. Compaction rewrites the log
// as the events that rebuild the current state (temp file, fsync, rename, fsync of the directory).
//
// Several processes may share one log (the server, and `unshell keys create` run beside it): every write and every
// compaction happens under a lock file, and a writer first reads what others appended, so ids stay unique and no
// process appends to a file that another has just replaced.
import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { z } from 'zod';
import { ioReason } from '../errors/io-reason.js';
import { acquireLock } from './file-lock.js';
import type { PhaseMeter, PassProgress } from '../runtime/pass-progress.js';
import type { Durability, EncodedEvent, StateLog, StateLogOptions, StateMachine } from './state-log.js';
import { StateLogError } from './state-log-error.js';

export { StateLogError };

export type { Durability, StateMachine } from './state-log.js';
/** The options of a file log: those of every log. */
export type DurableStateOptions = StateLogOptions;

const NEWLINE = 0x0a;
/** The largest write buffer a log keeps between writes (a group commit of a live stream takes tens of kilobytes). */
const KEPT_WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * The events as lines, in one buffer: each JSON encoded once, with its checksum and a tab in front of it. `room`
 * gives a buffer of at least the bytes asked for; the lines are at its start. An event's JSON in parts is written
 * part after part: joined first, the parts would be copied into a string only to be copied again into the buffer
 * (a kilobyte or two for each change of a live stream).
 */
function encodeLines<E>(
  events: readonly E[],
  encode: (event: E) => EncodedEvent,
  room: (bytes: number) => Buffer,
): Buffer {
  const json = events.map(encode);
  let total = 0;
  for (const j of json) {
    if (typeof j === 'string') total += Buffer.byteLength(j, 'utf8');
    else for (const part of j) total += Buffer.byteLength(part, 'utf8');
    total += 10;
  }
  const out = room(total);
  let at = 0;
  for (const j of json) {
    // A line is 8 hex digits of CRC-32, a tab, the body, a newline.
    let end = at + 9;
    if (typeof j === 'string') end += out.write(j, end, 'utf8');
    else for (const part of j) end += out.write(part, end, 'utf8');
    out.write(
      crc32(out.subarray(at + 9, end))
        .toString(16)
        .padStart(8, '0'),
      at,
      'latin1',
    );
    out[at + 8] = 0x09;
    out[end] = NEWLINE;
    at = end + 1;
  }
  return out.subarray(0, total);
}

export class DurableState<S, E> implements StateLog<S, E> {
  readonly file: string;
  readonly #schema: z.ZodType<E>;
  readonly #machine: StateMachine<S, E>;
  readonly #encode: (event: E) => EncodedEvent;
  readonly #compactAfter: number;
  readonly #readOnly: boolean;
  readonly #exclusive: boolean;
  readonly #warn: (message: string) => void;
  /**
   * The buffer each write is encoded in, used again by the next: a buffer per write, freed by the collector, is
   * memory outside V8's heap that it counts towards starting a full collection (a live stream writes thousands a
   * second).
   */
  #writeBuffer = Buffer.alloc(0);
  /** The meter of the replay at open; none after it. */
  #progress: PassProgress | null;
  readonly #label: string;
  /** Why writes are refused: a failed write could not be cut off again. */
  #broken: string | null = null;
  /** A transaction's decision is running: the state is already read to the end, under the lock. */
  #deciding = false;
  /** Releases the lock held for the life of an exclusive writer. */
  #release: (() => void) | null = null;
  #state: S;
  #fd = -1;
  #ino = -1;
  /** Bytes of the file replayed so far (always at a line boundary). */
  #offset = 0;
  #lines = 0;
  #appended = 0;

  private constructor(file: string, schema: z.ZodType<E>, machine: StateMachine<S, E>, options: DurableStateOptions) {
    this.file = path.resolve(file);
    this.#schema = schema;
    this.#machine = machine;
    this.#encode = machine.encode?.bind(machine) ?? ((event) => JSON.stringify(event));
    this.#compactAfter = options.compactAfter ?? 10_000;
    this.#readOnly = options.readOnly ?? false;
    this.#exclusive = !this.#readOnly && (options.exclusive ?? false);
    this.#warn = options.warn ?? ((): void => undefined);
    this.#progress = options.progress ?? null;
    this.#label = options.label ?? path.basename(file);
    this.#state = machine.initial();
  }

  /** Opens (creating when writable) the log in `file` and replays it. */
  static open<S, E>(
    file: string,
    schema: z.ZodType<E>,
    machine: StateMachine<S, E>,
    options: DurableStateOptions = {},
  ): DurableState<S, E> {
    const log = new DurableState(file, schema, machine, options);
    try {
      if (log.#readOnly) {
        log.#reopen();
        log.#readTail(false);
      } else {
        mkdirSync(path.dirname(log.file), { recursive: true });
        if (log.#exclusive) log.#release = acquireLock(`${log.file}.lock`);
        log.#locked(() => {
          log.#reopen();
          log.#readTail(true);
          if (log.#lines > log.#compactAfter) log.#compactSoftly();
        });
      }
    } catch (err) {
      log.close();
      if (err instanceof StateLogError) throw err;
      const how = log.#readOnly ? 'for reading' : 'for writing';
      throw new StateLogError(`cannot open state log ${log.file} ${how}: ${ioReason(err)}`);
    }
    log.#progress = null;
    return log;
  }

  get where(): string {
    return this.file;
  }

  get state(): Readonly<S> {
    return this.#state;
  }

  /** Writes the event, then applies it: when this returns, the event survives a crash. */
  commit(event: E, durability: Durability = 'fsync'): void {
    this.commitMany([event], durability);
  }

  /** Writes the events with one write(2), then applies them: when this returns, every one survives a crash. */
  commitMany(events: readonly E[], durability: Durability = 'fsync'): void {
    if (events.length === 0) return;
    this.transact(() => events, durability);
  }

  /** A file is written with one write(2), which this thread may as well wait for. */
  commitSoon(events: readonly E[], durability: Durability = 'fsync'): Promise<void> {
    // A throw in the executor rejects the promise with it.
    return new Promise((resolve) => {
      this.commitMany(events, durability);
      resolve();
    });
  }

  transact(decide: (state: Readonly<S>) => readonly E[], durability: Durability = 'fsync'): readonly E[] {
    if (this.#readOnly) throw new StateLogError(`${this.file} is open read-only`);
    if (this.#deciding) throw new StateLogError(`${this.file}: a write was started inside another write's decision`);
    return this.#locked(() => {
      // An exclusive writer knows the file ends where its last write did.
      if (!this.#exclusive) this.#readTail(true);
      const events = this.#decide(decide);
      if (events.length === 0) return events;
      const bytes = encodeLines(events, this.#encode, (n) => this.#writeRoom(n));
      this.#append(bytes, durability);
      this.#offset += bytes.length;
      this.#lines += events.length;
      this.#appended += events.length;
      for (const event of events) this.#machine.apply(this.#state, event);
      this.#machine.settle?.(this.#state);
      if (this.#appended >= this.#compactAfter) this.#compactSoftly();
      return events;
    });
  }

  /** The write buffer, grown to hold at least `bytes`; a write too large to keep a buffer for gets its own. */
  #writeRoom(bytes: number): Buffer {
    if (bytes > KEPT_WRITE_BUFFER_BYTES) return Buffer.allocUnsafe(bytes);
    if (this.#writeBuffer.length < bytes)
      this.#writeBuffer = Buffer.allocUnsafeSlow(
        Math.min(KEPT_WRITE_BUFFER_BYTES, Math.max(bytes, this.#writeBuffer.length * 2, 64 * 1024)),
      );
    return this.#writeBuffer;
  }

  /** Runs `decide` on the state just read: the store's own reads inside it need no refresh, and cannot write. */
  #decide(decide: (state: Readonly<S>) => readonly E[]): readonly E[] {
    this.#deciding = true;
    try {
      return decide(this.#state);
    } finally {
      this.#deciding = false;
    }
  }

  /**
   * Writes `bytes` at the end of the log. When the write or its fsync fails (a full or read-only disk, an I/O
   * error), what it did write is cut off again, so that the next event does not land after a torn line, and the
   * error says the events were not recorded.
   */
  #append(bytes: Uint8Array, durability: Durability): void {
    if (this.#broken !== null) throw new StateLogError(this.#broken);
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(this.#fd, bytes, at, bytes.length - at, this.#offset + at);
      if (durability === 'fsync') fsyncSync(this.#fd);
    } catch (err) {
      const failed = `cannot write state log ${this.file}: ${ioReason(err)}`;
      try {
        ftruncateSync(this.#fd, this.#offset);
      } catch (cut) {
        // A torn line stays at the end, where the next start drops it; appending after it would bury it.
        this.#broken = `${failed}; the log takes no more writes until restarted (${ioReason(cut)})`;
      }
      throw new StateLogError(`${failed}; nothing was recorded`);
    }
  }

  /** Compaction after a commit: the commit is already durable, so a failure here only leaves the log longer. */
  #compactSoftly(): void {
    try {
      this.#compactLocked();
    } catch {
      try {
        unlinkSync(`${this.file}.tmp`);
      } catch {
        // never written
      }
      this.#appended = 0; // tried again after as many events more
    }
  }

  /** Reads events other processes appended since the last read: a stat of the file when there are none. */
  refresh(): void {
    if (this.#fd === -1 || this.#deciding) return;
    if (this.#readOnly) this.#readTail(false);
    else this.#locked(() => this.#readTail(true));
  }

  /** A file is read at every refresh: nothing can have been appended that a refresh does not see. */
  sync(): void {
    this.refresh();
  }

  compact(): void {
    if (this.#readOnly) throw new StateLogError(`${this.file} is open read-only`);
    this.#locked(() => {
      this.#readTail(true);
      this.#compactLocked();
    });
  }

  close(): void {
    if (this.#fd !== -1) closeSync(this.#fd);
    this.#fd = -1;
    this.#release?.();
    this.#release = null;
  }

  #locked<T>(work: () => T): T {
    if (this.#exclusive) return work();
    const release = acquireLock(`${this.file}.lock`);
    try {
      return work();
    } finally {
      release();
    }
  }

  /** (Re)opens the file, replaying from the start when it is new or was replaced by another process's compaction. */
  #reopen(): void {
    if (this.#fd !== -1) closeSync(this.#fd);
    try {
      this.#fd = openSync(this.file, this.#readOnly ? 'r' : 'a+');
    } catch (err) {
      if (this.#readOnly && (err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.#fd = -1;
        return;
      }
      throw err;
    }
    this.#ino = fstatSync(this.#fd).ino;
    this.#state = this.#machine.initial();
    this.#offset = 0;
    this.#lines = 0;
  }

  /** Replays complete lines after `#offset`; `repair` drops a torn last line (only ever done under the lock). */
  #readTail(repair: boolean): void {
    if (this.#fd === -1) return;
    let current: number;
    try {
      current = statSync(this.file).ino;
    } catch {
      current = this.#ino;
    }
    if (current !== this.#ino) this.#reopen();
    const size = fstatSync(this.#fd).size;
    if (size <= this.#offset) return;
    const bytes = Buffer.allocUnsafe(size - this.#offset);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(this.#fd, bytes, read, bytes.length - read, this.#offset + read);
      if (n === 0) break;
      read += n;
    }
    const lines = this.#lines;
    // Only the replay at open is metered: later reads are of what other processes appended, a few lines.
    const meter = this.#progress?.(this.#label, read, 'MB') ?? null;
    try {
      this.#replay(bytes, read, repair, meter);
    } finally {
      meter?.finish();
      if (this.#lines > lines) this.#machine.settle?.(this.#state);
    }
  }

  /** Applies the complete lines of `bytes` (read from `#offset`), cutting a torn last one when `repair`. */
  #replay(bytes: Buffer, read: number, repair: boolean, meter: PhaseMeter | null): void {
    const base = this.#offset;
    let start = 0;
    while (start < read) {
      const end = bytes.indexOf(NEWLINE, start);
      const complete = end !== -1 && end < read;
      const lineEnd = complete ? end : read;
      const event = complete ? this.#decode(bytes.subarray(start, lineEnd)) : null;
      if (event === null) {
        // A line that is incomplete or fails its checksum is a torn write only when nothing follows it.
        if (complete && lineEnd + 1 < read) throw this.#corrupt(this.#lines + 1, 'checksum mismatch');
        if (repair) {
          ftruncateSync(this.#fd, base + start);
          this.#warn(
            `state log ${this.file}: cut a torn last line of ${read - start} bytes at byte offset ${base + start} (a write cut off by a crash; it was never acknowledged)`,
          );
        }
        return;
      }
      this.#lines++;
      this.#machine.apply(this.#state, event.value);
      meter?.advance(lineEnd + 1 - start);
      start = lineEnd + 1;
      this.#offset = base + start;
    }
  }

  /** The event of one line, or null when the line fails its checksum. Throws when a sound line holds a bad event. */
  #decode(line: Buffer): { value: E } | null {
    const tab = line.indexOf(0x09);
    if (tab !== 8) return null;
    const body = line.subarray(9);
    if (crc32(body).toString(16).padStart(8, '0') !== line.toString('latin1', 0, 8)) return null;
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw this.#corrupt(this.#lines + 1, 'not JSON');
    }
    const parsed = this.#schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.#corrupt(this.#lines + 1, `field "${issue?.path.join('.') ?? '?'}": ${issue?.message ?? 'invalid'}`);
    }
    return { value: parsed.data };
  }

  /** The error of a bad line `line`, which starts at `#offset` (every line before it was replayed). */
  #corrupt(line: number, why: string): StateLogError {
    return new StateLogError(
      `state log ${this.file} is corrupt at line ${line}, byte offset ${this.#offset} (${why}); restore it from a backup, or remove that line knowingly`,
    );
  }

  #compactLocked(): void {
    const tmp = `${this.file}.tmp`;
    const events = [...this.#machine.compacted(this.#state)];
    const lines = events.length;
    const out = openSync(tmp, 'w');
    try {
      const all = encodeLines(events, this.#encode, (n) => Buffer.allocUnsafe(n));
      for (let at = 0; at < all.length;) at += writeSync(out, all, at, all.length - at, at);
      fsyncSync(out);
    } finally {
      closeSync(out);
    }
    renameSync(tmp, this.file);
    fsyncDirectory(path.dirname(this.file));
    let fd: number;
    try {
      fd = openSync(this.file, 'a+');
    } catch (err) {
      // The open descriptor is the replaced file's now: what it wrote would be lost.
      this.#broken = `cannot reopen state log ${this.file} after compacting it: ${ioReason(err)}; restart to go on`;
      throw new StateLogError(this.#broken);
    }
    closeSync(this.#fd);
    this.#fd = fd;
    this.#ino = fstatSync(this.#fd).ino;
    this.#offset = fstatSync(this.#fd).size;
    this.#lines = lines;
    this.#appended = 0;
  }
}

/** Makes a rename durable: the directory entry itself must reach the disk. */
export function fsyncDirectory(dir: string): void {
  let fd = -1;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the rename is then as durable as they make it.
  } finally {
    if (fd !== -1) closeSync(fd);
  }
}

/** Writes a small file atomically and durably: temp file, fsync, rename, fsync of the directory. */
export function writeFileDurably(file: string, content: string | Uint8Array, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, content, { mode });
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    // A half-written file (a full disk) is not left behind.
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
    throw err;
  }
  fsyncDirectory(path.dirname(file));
}
