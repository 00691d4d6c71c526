// Whether the large record families stay in memory or are read from the snapshot's files record by record.
import os from 'node:os';

/**
 * `memory`: every record family is held in the process (fastest: a record is decoded where it lies).
 * `disk`: entity and relationship records are read from their files when asked for (one positioned read each,
 * served by the page cache once warm), and the process holds only their offsets: at 20M entities they are 12 GiB.
 * `auto`: disk when those families would take more than a quarter of the machine's memory.
 */
export type RecordPlacement = 'memory' | 'disk' | 'auto';

export const RECORD_PLACEMENTS: readonly RecordPlacement[] = ['memory', 'disk', 'auto'];

export function isRecordPlacement(value: string): value is RecordPlacement {
  return (RECORD_PLACEMENTS as readonly string[]).includes(value);
}

/** Whether records of `bytes` in all are read from disk, for the placement asked for. */
export function placedOnDisk(placement: RecordPlacement, bytes: number, memory: number = os.totalmem()): boolean {
  return placement === 'auto' ? bytes > memory / 4 : placement === 'disk';
}
