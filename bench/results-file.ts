// bench/RESULTS.md is written by several benchmarks: each owns one section and leaves the others as they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** bench/RESULTS.md of the repository, or the file \`unshell bench --out DIR\` chose (passed to every benchmark process). */
export const resultsFile = (): string =>
  process.env.UNSHELL_BENCH_RESULTS ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'RESULTS.md');

const HEADER =
  '# Benchmark results\n\nEach section below says when, how and on what it was measured; `npm run bench` refreshes them.\n';

/**
 * Replaces section `id` (between `<!-- section:id -->` and `<!-- /section:id -->`) with `body`, or appends it, in
 * `order` among the known sections when it is new. Sections of other benchmarks are kept byte for byte.
 */
export function writeSection(id: string, body: string, file = resultsFile()): void {
  const open = `<!-- section:${id} -->`;
  const close = `<!-- /section:${id} -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next =
    start !== -1 && end > start
      ? `${text.slice(0, start)}${block}${text.slice(end + close.length)}`
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
