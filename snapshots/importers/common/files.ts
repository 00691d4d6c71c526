// Input paths for importers: a file, or every file of a format in a folder (recursively, in a stable order).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ImportError } from '../importer.js';

/**
 * The files to read: `input` itself when it is a file, else the files under it whose names end in one of
 * `extensions` (lower-case, with the dot), sorted so that a rebuild reads them in the same order.
 */
export function inputFiles(input: string, extensions: readonly string[]): string[] {
  let stat;
  try {
    stat = statSync(input);
  } catch {
    throw new ImportError(input, 'no such file or folder');
  }
  if (stat.isFile()) return [input];
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && extensions.some((e) => entry.name.toLowerCase().endsWith(e))) out.push(p);
    }
  };
  walk(input);
  if (out.length === 0) throw new ImportError(input, `no ${extensions.join(' / ')} files in this folder`);
  return out;
}
