// The data directory, checked before any log in it is opened: a bad one stops the start with one line naming it.
import { accessSync, constants, mkdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors/config-error.js';
import { ioReason } from '../errors/io-reason.js';

const SETTING = 'choose another with --data-dir or UNSHELL_DATA_DIR';

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`cannot read data directory ${file}: ${ioReason(err)}; ${SETTING}`);
  }
}

/**
 * Makes sure `dir` is a directory this process can read and write, creating it when only its last part is missing.
 * A missing parent is an error rather than created too: a mistyped path would otherwise start a service with an
 * empty directory of its own, and none of the operator's keys.
 */
export function prepareDataDirectory(dir: string): void {
  const found = statOrNull(dir);
  if (found === null) {
    const parent = path.dirname(dir);
    const above = statOrNull(parent);
    if (above === null || !above.isDirectory()) {
      const why = above === null ? 'does not exist' : 'is not a directory';
      throw new ConfigError(`data directory ${dir} cannot be created: ${parent} ${why}; ${SETTING}`);
    }
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new ConfigError(`cannot create data directory ${dir}: ${ioReason(err)}; ${SETTING}`);
    }
  } else if (!found.isDirectory()) {
    throw new ConfigError(`data directory ${dir} is not a directory; ${SETTING}`);
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new ConfigError(`data directory ${dir} is not readable and writable: ${ioReason(err)}; ${SETTING}`);
  }
}
