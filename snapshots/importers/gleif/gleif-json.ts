// GLEIF JSON of either publication: golden-copy files ({"records":[…]}) and saved API v1 responses ({"data":…}).
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ImportError, defineImporter, type Located } from '../importer.js';
import { gleifApiJson } from './gleif-api-json.js';
import { gleifGoldenJson } from './gleif-golden-json.js';

/** The `.json` files of a folder and its subfolders in name order, or the one file given. */
async function jsonFiles(input: string): Promise<string[]> {
  const info = await stat(input).catch(() => null);
  if (info === null) throw new ImportError(input, 'no such file or directory');
  if (!info.isDirectory()) return [input];
  const entries = await readdir(input, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The first key of the top-level object: golden-copy files open with "records", API responses never do. */
async function firstKey(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return /^\uFEFF?\s*\{\s*"([^"]*)"/.exec(buffer.toString('utf8', 0, bytesRead))?.[1] ?? null;
  } finally {
    await handle.close();
  }
}

export const gleifJson = defineImporter({
  format: 'gleif-json',
  description: 'GLEIF JSON, a file or a folder: golden-copy LEI records ({"records":[…]}, streamed) and API v1 responses (LEI, relationship and reporting-exception records)',
  source: 'gleif',
  input: 'file or directory',
  async *read(input, options): AsyncGenerator<Located> {
    for (const file of await jsonFiles(input)) {
      const reader = (await firstKey(file)) === 'records' ? gleifGoldenJson : gleifApiJson;
      yield* reader.read(file, options);
    }
  },
});
