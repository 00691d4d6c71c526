// Unpacks a publisher's zip archive into a folder, streaming each entry to disk.
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { PhaseMeter } from '../../engine/runtime/pass-progress.js';

export interface Unpacked {
  /** The files written, relative to the folder. */
  files: string[];
  bytes: number;
}

/**
 * Unpacks `archive` into `folder`, replacing what the folder held once every entry is written (a folder beside it
 * takes the files meanwhile). yauzl refuses entries whose names climb out of the folder and entries whose size
 * differs from the one the archive declares.
 */
export async function unzip(
  archive: string,
  folder: string,
  meter?: (total: number | null) => PhaseMeter,
): Promise<Unpacked> {
  const building = `${folder}.unpacking`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const zip = await yauzl.openPromise(archive, { lazyEntries: true, validateEntrySizes: true });
  const files: string[] = [];
  let bytes = 0;
  try {
    const progress = meter?.(null);
    await eachEntry(zip, async (entry) => {
      if (entry.fileName.endsWith('/')) return;
      const target = path.resolve(building, entry.fileName);
      if (!target.startsWith(`${path.resolve(building)}${path.sep}`))
        throw new Error(`${archive}: the entry ${entry.fileName} would be written outside its folder`);
      mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(target));
      files.push(entry.fileName);
      bytes += entry.uncompressedSize;
      progress?.advance(entry.uncompressedSize);
    });
    progress?.finish();
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    throw err;
  } finally {
    zip.close();
  }
  rmSync(folder, { recursive: true, force: true });
  renameSync(building, folder);
  return { files: files.sort(), bytes };
}

/** Calls `visit` on each entry in turn, the next read only once the last is written. */
function eachEntry(zip: ZipFile, visit: (entry: Entry) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      visit(entry).then(
        () => zip.readEntry(),
        (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
      );
    });
    zip.on('end', () => resolve());
    zip.on('error', (err: Error) => reject(err));
    zip.readEntry();
  });
}
