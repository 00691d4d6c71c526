// Paths as a summary shows them: relative to the working directory, as the person typed them.
import path from 'node:path';

/** `file` relative to the working directory; absolute when that would climb more than two folders up. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), path.resolve(file));
  if (relative === '') return '.';
  if (relative.startsWith(`..${path.sep}..${path.sep}..`)) return path.resolve(file);
  return relative;
}
