// The hand-written fixtures in test/fixtures/, found from the compiled tests in dist/ as from the sources.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('test helpers: no package.json above the test files');
    dir = up;
  }
  return dir;
}

export const FIXTURES = path.join(repoRoot(), 'test', 'fixtures');

export const fixture = (...parts: string[]): string => path.join(FIXTURES, ...parts);
