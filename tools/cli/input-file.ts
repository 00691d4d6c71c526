// Files named on the command line, checked before a long run starts: a typo fails at once, naming the file.
import { accessSync, constants, statSync } from 'node:fs';
import { UsageError } from './args.js';

/**
 * Refuses `file` (given with `flag`) unless it can be read: it exists, is readable, and is a file (or, where
 * `folderToo`, a folder, for the sources published as a set of files).
 */
export function requireReadable(file: string, flag: string, folderToo = false): void {
  let folder: boolean;
  try {
    folder = statSync(file).isDirectory();
    accessSync(file, constants.R_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : code === 'EACCES' ? 'not readable' : code;
    throw new UsageError(`${flag} ${file}: ${why ?? 'cannot be read'}`);
  }
  if (folder && !folderToo) throw new UsageError(`${flag} ${file}: a folder, where a file was expected`);
}
