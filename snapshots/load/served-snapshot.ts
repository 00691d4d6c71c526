// Which snapshot a configured one is served from: itself, or the newest checkpoint its live changes were folded into.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { journalFile } from '../../engine/live/change-journal.js';
import { writeFileDurably } from '../../engine/state/durable-state.js';
import { readManifest, SnapshotError } from '../format/manifest.js';

/** The layout of a checkpoint pointer; one written in another is refused rather than misread. */
const POINTER_FORMAT = 1;

const CheckpointSchema = z.object({
  format: z.literal(POINTER_FORMAT),
  /** The configured snapshot's id: a checkpoint stands for it and its journal. */
  of: z.string().min(1),
  /** The checkpoint's directory, relative to the data directory. */
  snapshot: z.string().min(1),
  snapshot_id: z.string().min(1),
  /** The journal of the changes applied since the checkpoint, among the service's state logs. */
  journal: z.string().min(1),
  /** Changes folded into it since the configured snapshot, over every checkpoint before it. */
  folded: z.number().int().min(0),
  written_at: z.string(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** Where the pointer to the newest checkpoint of snapshot `snapshotId` is, under the data directory. */
export const checkpointPointerFile = (snapshotId: string): string => `live/${snapshotId}.checkpoint`;

/** Where checkpoints of snapshot `snapshotId` are written, under the data directory. */
export const checkpointsDir = (snapshotId: string): string => path.join('checkpoints', snapshotId);

/** What a process serves for a configured snapshot: which directory to load, and which journal follows it. */
export interface ServedSnapshot {
  /** The directory to load. */
  dir: string;
  /** The journal to replay after it, among the service's state logs. */
  journal: string;
  /** The checkpoint served, or null when it is the configured snapshot itself. */
  checkpoint: Checkpoint | null;
}

/** The newest checkpoint of snapshot `of`, or null when none was written; a pointer that cannot be read stops the start. */
export function readCheckpoint(dataDir: string, of: string): Checkpoint | null {
  const file = path.join(dataDir, checkpointPointerFile(of));
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SnapshotError(
      `checkpoint pointer ${file} cannot be read (${err instanceof Error ? err.message : String(err)}); ` +
        'remove it to serve the snapshot and its own journal, without the changes folded since',
    );
  }
  const parsed = CheckpointSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SnapshotError(
      `checkpoint pointer ${file} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  if (parsed.data.of !== of)
    throw new SnapshotError(`checkpoint pointer ${file} is for snapshot ${parsed.data.of}, not ${of}`);
  return parsed.data;
}

/** Points snapshot `checkpoint.of` at `checkpoint` from now on: written atomically and durably. */
export function writeCheckpoint(dataDir: string, checkpoint: Checkpoint): void {
  writeFileDurably(
    path.join(dataDir, checkpointPointerFile(checkpoint.of)),
    `${JSON.stringify(CheckpointSchema.parse(checkpoint), null, 2)}\n`,
  );
}

/**
 * What to serve for the snapshot in `dir`: its newest checkpoint when one was written (checked to be the snapshot
 * its pointer names, so that a checkpoint replaced or half-deleted by hand stops the start instead of serving
 * another corpus under its journal), else the snapshot and its own journal.
 */
export async function servedSnapshot(dataDir: string, dir: string): Promise<ServedSnapshot> {
  const id = (await readManifest(dir)).snapshot_id;
  const checkpoint = readCheckpoint(dataDir, id);
  if (checkpoint === null) return { dir, journal: journalFile(id), checkpoint: null };
  const at = path.resolve(dataDir, checkpoint.snapshot);
  const found = (await readManifest(at)).snapshot_id;
  if (found !== checkpoint.snapshot_id)
    throw new SnapshotError(
      `the checkpoint of snapshot ${id} in ${at} is snapshot ${found}, not ${checkpoint.snapshot_id} as ` +
        `${path.join(dataDir, checkpointPointerFile(id))} says`,
    );
  return { dir: at, journal: checkpoint.journal, checkpoint };
}
