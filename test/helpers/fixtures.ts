// Paths of the hand-written fixtures under test/fixtures, and truncated copies of them for error tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './snapshot.js';

function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('test helpers: no package.json above the test files');
    dir = up;
  }
  return dir;
}

/** Tests run from dist/test/…; the fixtures stay in the source tree. */
export function fixture(...parts: string[]): string {
  return path.join(repoRoot(), 'test', 'fixtures', ...parts);
}

/** A copy of the file cut off at `fraction` of its length, in a temporary directory; `remove` deletes it. */
export function truncatedCopy(file: string, fraction = 0.6): { file: string; remove: () => void } {
  const t = tempDir('truncated');
  const text = readFileSync(file, 'utf8');
  const out = path.join(t.dir, path.basename(file));
  writeFileSync(out, text.slice(0, Math.floor(text.length * fraction)));
  return { file: out, remove: t.remove };
}
