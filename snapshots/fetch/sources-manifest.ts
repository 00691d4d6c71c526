// What `unshell sources fetch` fetched, and when: read back by the next fetch (what is unchanged) and by the build.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const SOURCES_MANIFEST = 'sources.json';
const MANIFEST_FORMAT = 1;

export const FetchedFileSchema = z.object({
  id: z.string(),
  source: z.string(),
  /** The importer format that reads `path`. */
  format: z.string(),
  /** Where the fetch started (the configured address), and where the file came from after links and redirects. */
  address: z.string(),
  url: z.string(),
  /** The downloaded file, and what the importer reads (the file, or what its archive unpacked to), relative to the folder. */
  file: z.string(),
  path: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  etag: z.string().nullable(),
  last_modified: z.string().nullable(),
  /** Whether the publisher sent a digest, which the file matched. */
  digest_checked: z.boolean(),
  /** When the file was last asked for, and when its content last changed (ISO 8601). */
  checked_at: z.string(),
  changed_at: z.string(),
});
export type FetchedFile = z.infer<typeof FetchedFileSchema>;

const SourcesManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  files: z.array(FetchedFileSchema),
});
export type SourcesManifest = z.infer<typeof SourcesManifestSchema>;

export class SourcesManifestError extends Error {}

/** The manifest of `dir`: empty when nothing was fetched there yet. */
export function readSourcesManifest(dir: string): SourcesManifest {
  const file = path.join(dir, SOURCES_MANIFEST);
  if (!existsSync(file)) return { format: MANIFEST_FORMAT, files: [] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SourcesManifestError(`${file} is not JSON (${(err as Error).message})`);
  }
  const parsed = SourcesManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SourcesManifestError(
      `${file}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not a sources manifest'}`,
    );
  }
  return parsed.data;
}

/** Writes the manifest whole (a temporary file renamed over it): a crash leaves the old one or the new one. */
export function writeSourcesManifest(dir: string, manifest: SourcesManifest): void {
  const file = path.join(dir, SOURCES_MANIFEST);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, file);
}

/** A manifest with `entry` in place of the file of the same id. */
export const withFile = (manifest: SourcesManifest, entry: FetchedFile): SourcesManifest => ({
  format: MANIFEST_FORMAT,
  files: [...manifest.files.filter((f) => f.id !== entry.id), entry].sort((a, b) => a.id.localeCompare(b.id)),
});
