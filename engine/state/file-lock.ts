// A lock file shared by the processes that write one state log: held for microseconds around each write.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { ioReason } from '../errors/io-reason.js';
import { StateLogError } from './state-log-error.js';

const WAIT_MS = 5_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

function holderAlive(lock: string): boolean {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch {
    return true; // vanished: its holder is releasing it, so try again
  }
  const pid = Number(text);
  if (text === '' || !Number.isInteger(pid) || pid <= 0) {
    // Created but not yet written: a live holder writes its pid at once, so an old empty lock is a dead one's.
    try {
      return Date.now() - statSync(lock).mtimeMs < 1_000;
    } catch {
      return true;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** ` (pid N)` of the lock's holder, as its file says, for a message; empty when it says nothing usable. */
function holderOf(lock: string): string {
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? ` (pid ${pid})` : '';
  } catch {
    return '';
  }
}

/** Creates the lock file holding this process's pid and returns its release, or null when the file exists. */
function create(lock: string): (() => void) | null {
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw new StateLogError(`cannot take lock ${lock}: ${ioReason(err)}`);
  }
  const release = (): void => {
    try {
      unlinkSync(lock);
    } catch {
      // already gone
    }
  };
  try {
    writeSync(fd, String(process.pid));
  } catch (err) {
    // An empty lock would hold the others off for a second: it goes at once (a full disk has no room for the pid).
    release();
    throw new StateLogError(`cannot take lock ${lock}: ${ioReason(err)}`);
  } finally {
    closeSync(fd);
  }
  return release;
}

/** Removes a lock whose holder is dead; another process may have taken it over first. */
function removeStale(lock: string): void {
  try {
    unlinkSync(lock);
  } catch {
    // another waiter took it over first
  }
}

/**
 * Takes the lock (creating `lock` exclusively, holding this process's pid) and returns its release. A lock left by
 * a process that died holding it is taken over; one held by a live process for longer than 5 s is an error.
 */
export function acquireLock(lock: string): () => void {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const release = create(lock);
    if (release !== null) return release;
    if (!holderAlive(lock)) removeStale(lock);
    else if (Date.now() > deadline)
      throw new StateLogError(
        `lock ${lock} has been held by another process${holderOf(lock)} for over ${WAIT_MS / 1000} s; ` +
          'if another unshell serves this data directory, stop it or give this one a --data-dir of its own',
      );
    else Atomics.wait(pause, 0, 0, 2);
  }
}

/** The lock if it is free or its holder is dead, without waiting; null while a live process holds it. */
export function tryLock(lock: string): (() => void) | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    const release = create(lock);
    if (release !== null) return release;
    if (holderAlive(lock)) return null;
    removeStale(lock);
  }
  return null;
}
