// GLEIF JSON of either publication: golden-copy files ({"records":[…]}) and saved API v1 responses ({"data":…}).
import { open } from 'node:fs/promises';
import { inputFiles } from '../common/files.js';
import { defineImporter, type Located } from '../importer.js';
import { gleifApiJson } from './gleif-api-json.js';
import { gleifGoldenJson } from './gleif-golden-json.js';

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
  description:
    'GLEIF JSON, a file or a folder: golden-copy LEI records ({"records":[…]}, streamed) and API v1 responses (LEI, relationship and reporting-exception records)',
  source: 'gleif',
  input: 'file or directory',
  async *read(input, options): AsyncGenerator<Located> {
    for (const file of inputFiles(input, ['.json'])) {
      const reader = (await firstKey(file)) === 'records' ? gleifGoldenJson : gleifApiJson;
      yield* reader.read(file, options);
    }
  },
});
