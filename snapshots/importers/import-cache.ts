// Parsed sources cached by content: a rebuild re-parses only the sources whose files (or whose importer) changed.
//
// The key of a source is a SHA-256 over the importer code, its format and options, and the path and bytes of every
// file of the input, so an edited, added or removed file, or a new unshell, is a miss. An entry is the importer's
// output (records and reported problems with their places) as a msgpack stream, written to a temporary file and
// renamed into place only when the import finished: a failed or interrupted import leaves no entry behind.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PackrStream, UnpackrStream } from 'msgpackr';
import { executableBuildId } from '../../engine/runtime/app-files.js';
import type { ImportOptions, Importer, Located } from './importer.js';

/** Every file under `dir`, sorted, with paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

let codeDigest: string | null = null;
/** The importers' own code: a changed parser must not be answered from entries its predecessor wrote. */
function importerCodeDigest(): string {
  // The executable's code cannot be read file by file: its build digest stands for it.
  codeDigest ??= executableBuildId();
  if (codeDigest === null) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const hash = createHash('sha256');
    for (const rel of filesUnder(here)) hash.update(rel).update(readFileSync(path.join(here, rel)));
    codeDigest = hash.digest('hex');
  }
  return codeDigest;
}

async function addFile(hash: ReturnType<typeof createHash>, file: string): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

/** The cache key of one source: importer code, format, options, and the names and bytes of its input files. */
export async function sourceKey(importer: Importer, input: string, options: ImportOptions): Promise<string> {
  const hash = createHash('sha256')
    .update(importerCodeDigest())
    .update(importer.format)
    .update(JSON.stringify(options));
  const info = statSync(input, { throwIfNoEntry: false });
  // A missing input is no key at all: the importer reports it, uncached.
  if (info === undefined) return '';
  const files = info.isDirectory()
    ? filesUnder(input).map((rel) => [rel, path.join(input, rel)] as const)
    : [[path.basename(input), input] as const];
  for (const [rel, file] of files) {
    hash.update(`\0${rel}\0`);
    await addFile(hash, file);
  }
  return hash.digest('hex');
}

export interface CacheOptions {
  dir: string;
  log?: (line: string) => void;
}

/**
 * The importer's items for `input`, from the cache when its content is unchanged, else from the importer, written
 * to the cache as they pass. An entry replaces the older entries of the same format and input.
 */
export async function* cachedImport(
  importer: Importer,
  input: string,
  options: ImportOptions,
  cache: CacheOptions,
): AsyncGenerator<Located> {
  const key = await sourceKey(importer, input, options);
  if (key === '') {
    yield* importer.read(input, options);
    return;
  }
  const family = `${importer.format}-${createHash('sha256').update(path.resolve(input)).digest('hex').slice(0, 12)}-`;
  const entry = path.join(cache.dir, `${family}${key.slice(0, 32)}.msgpack`);
  if (existsSync(entry)) {
    cache.log?.(`${importer.format} ${input}: unchanged since the last build, read from the import cache`);
    for await (const item of createReadStream(entry).pipe(new UnpackrStream())) yield item as Located;
    return;
  }
  mkdirSync(cache.dir, { recursive: true });
  const tmp = `${entry}.${process.pid}.tmp`;
  const packer = new PackrStream();
  const out = createWriteStream(tmp);
  packer.pipe(out);
  let complete = false;
  try {
    for await (const item of importer.read(input, options)) {
      if (!packer.write(item)) await once(packer, 'drain');
      yield item;
    }
    packer.end();
    await finished(out);
    for (const old of readdirSync(cache.dir))
      if (old.startsWith(family) && old.endsWith('.msgpack')) rmSync(path.join(cache.dir, old), { force: true });
    renameSync(tmp, entry);
    complete = true;
  } finally {
    if (!complete) {
      packer.destroy();
      out.destroy();
      rmSync(tmp, { force: true });
    }
  }
}
