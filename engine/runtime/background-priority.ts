// Background threads (the stream reader, the journal's fold) yield their core to the event loop that answers
// requests. On a machine with fewer cores than busy threads, the kernel otherwise takes the event loop's core away
// for a whole time slice (about 3-4 ms on Linux) whenever one of them wakes: a search that waits for it is slowed
// by more than its own length.
import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's scheduling priority to below normal; true when it did. Only Linux schedules each
 * thread with a priority of its own (the thread's id names it to `setpriority`); elsewhere the call would lower the
 * whole process, so nothing is done. Lowering a priority needs no privilege, but a sandbox may still forbid it: the
 * thread then runs as it was, which is only slower to yield.
 */
export function lowerThreadPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // `/proc/thread-self` links to `<pid>/task/<tid>`: the kernel's id of the thread asking.
    const link = readlinkSync('/proc/thread-self');
    const tid = Number(link.slice(link.lastIndexOf('/') + 1));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, os.constants.priority.PRIORITY_BELOW_NORMAL);
    return true;
  } catch {
    return false;
  }
}
