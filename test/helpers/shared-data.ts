// The real sample files in ../shared/data, beside the repository. Tests that read them skip when they are absent.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: tests run from dist/test/…, sources live in test/…; both sit under it. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('test helpers: no package.json above the test files');
    dir = up;
  }
  return dir;
}

export const SHARED_DATA = path.resolve(repoRoot(), '..', 'shared', 'data');

/** The path of a shared sample file or folder, or null when it is not there. */
export function sharedData(...parts: string[]): string | null {
  const p = path.join(SHARED_DATA, ...parts);
  return existsSync(p) ? p : null;
}

/** For `test(name, { skip: skipUnlessShared(...) }, fn)`: false when present, a reason naming the path when not. */
export function skipUnlessShared(...parts: string[]): string | false {
  return sharedData(...parts) === null
    ? `needs ${path.join(SHARED_DATA, ...parts)} (the shared sample data is absent)`
    : false;
}

export const SHARED_SPEC = path.resolve(repoRoot(), '..', 'shared', 'spec');

/** The path of a specification kept in ../shared/spec, or null when it is not there. */
export function sharedSpec(...parts: string[]): string | null {
  const p = path.join(SHARED_SPEC, ...parts);
  return existsSync(p) ? p : null;
}
