// Paths of the hand-written importer fixtures under test/fixtures, from the compiled tests or the sources.
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

const ROOT = repoRoot();

export function fixture(...parts: string[]): string {
  return path.join(ROOT, 'test', 'fixtures', ...parts);
}
