// The snapshot manifest: what a snapshot holds, and the size and checksum of every file in it.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Bumped whenever a loader could misread a snapshot of an earlier version. */
export const FORMAT_VERSION = 8;
export const MANIFEST_FILE = 'manifest.json';

export const SnapshotFileSchema = z.object({
  path: z.string(), // relative to the snapshot directory, always with forward slashes
  family: z.string(), // entities, relationships, listings, statements, financials, events, names, …
  records: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SnapshotFile = z.infer<typeof SnapshotFileSchema>;

export const SnapshotSourceSchema = z.object({
  code: z.string(),
  name: z.string(),
  as_of: z.string().nullable(),
  records: z.number().int().min(0),
});
export type SnapshotSource = z.infer<typeof SnapshotSourceSchema>;

export const ManifestSchema = z.object({
  format_version: z.number().int(),
  snapshot_id: z.string(),
  built_at: z.string(),
  builder: z.string(),
  sources: z.array(SnapshotSourceSchema),
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(SnapshotFileSchema),
  /** Each record family's shapes (key lists), without which its records cannot be decoded; see record-codec.ts. */
  record_structures: z.record(z.string(), z.array(z.array(z.string()))),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A snapshot's id: a digest of every file's checksum and of the record shapes that decode them. */
export function snapshotId(files: readonly SnapshotFile[], structures: Manifest['record_structures']): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.sha256);
  return hash.update(JSON.stringify(structures)).digest('hex').slice(0, 16);
}

export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SnapshotError(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `${dir} is not a snapshot: it holds no ${MANIFEST_FILE} (unshell snapshot build --out DIR makes one)`
        : `cannot read ${file}: ${String(err)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SnapshotError(`snapshot manifest ${file} is not valid JSON (truncated or corrupt)`);
  }
  const version = (json as { format_version?: unknown }).format_version;
  if (version !== FORMAT_VERSION) {
    throw new SnapshotError(
      `snapshot ${dir} has format version ${String(version)}; this unshell reads version ${FORMAT_VERSION}: rebuild it with "unshell snapshot build"`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SnapshotError(
      `snapshot manifest ${file} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}
