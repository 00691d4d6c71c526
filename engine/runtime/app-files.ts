// Files that ship with the program (the web app, the word vectors, the snapshot reader's worker, native code): beside
// the compiled code in an installed copy; in the single executable, extracted from it once into a cache folder.
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

/** What `node:sea` offers a single executable application (Node.js 20.12 and later). */
interface SeaApi {
  isSea(): boolean;
  getRawAsset(key: string): ArrayBuffer;
  getAsset(key: string, encoding: 'utf8'): string;
}

/** The list the executable carries of its files, written by tools/build-exe.ts as the asset `assets.json`. */
export interface AssetList {
  /** A digest of the executable's code and files: each build extracts into a folder of its own. */
  id: string;
  /** Paths relative to the compiled code's root (`web/index.html`, `assets/…`), each an asset of that name. */
  files: string[];
}

export const ASSET_LIST = 'assets.json';
/** Written last into an extracted folder: a folder without it was interrupted and is extracted again. */
const COMPLETE = '.complete';

let sea: SeaApi | null | undefined;
/** The executable's own files, or null when running as scripts (`node dist/…`). */
function executable(): SeaApi | null {
  if (sea === undefined) {
    try {
      const api = createRequire(import.meta.url)('node:sea') as SeaApi;
      sea = api.isSea() ? api : null;
    } catch {
      sea = null; // a Node.js without single executable applications
    }
  }
  return sea;
}

/** Whether this process is the single executable (`dist/unshell`). */
export function isSingleExecutable(): boolean {
  return executable() !== null;
}

/** The cache the executable extracts into: the user's, else the machine's temporary folder. */
function cacheRoot(): string {
  const home = os.homedir();
  const candidates = [path.join(home, '.cache', 'unshell'), path.join(os.tmpdir(), `unshell-${os.userInfo().uid}`)];
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true });
      return dir;
    } catch {
      // not writable: try the next
    }
  }
  throw new Error(`cannot create a cache folder for the executable's files (tried ${candidates.join(', ')})`);
}

let extracted: { dir: string; list: AssetList } | null = null;
/** Extracts every file of the executable once per build, atomically: a crash leaves no half-written folder in use. */
function extractedFiles(api: SeaApi): { dir: string; list: AssetList } {
  if (extracted !== null) return extracted;
  const list = JSON.parse(api.getAsset(ASSET_LIST, 'utf8')) as AssetList;
  const dir = path.join(cacheRoot(), list.id);
  let complete = false;
  try {
    complete = statSync(path.join(dir, COMPLETE)).isFile();
  } catch {
    complete = false;
  }
  if (!complete) {
    const partial = `${dir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    for (const rel of list.files) {
      const file = path.join(partial, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      // Every file is packed with Brotli in the executable (tools/build-exe.ts).
      writeFileSync(file, brotliDecompressSync(Buffer.from(api.getRawAsset(rel))));
    }
    writeFileSync(path.join(partial, COMPLETE), '');
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(partial, dir);
    } catch (err) {
      // Another process extracted the same build first: its folder is as good as this one.
      rmSync(partial, { recursive: true, force: true });
      if ((err as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw err;
    }
  }
  extracted = { dir, list };
  return extracted;
}

/** `rel` (relative to the compiled code's root, `dist/`): the file or folder on disk that this program ships. */
export function appFile(rel: string): string {
  const api = executable();
  return api === null
    ? fileURLToPath(new URL(`../../${rel}`, import.meta.url))
    : path.join(extractedFiles(api).dir, rel);
}

/** The package's manifest: beside `dist/` in a checkout or an installed copy, among the executable's own files. */
export function packageManifestFile(): string {
  const api = executable();
  return api === null
    ? fileURLToPath(new URL('../../../package.json', import.meta.url))
    : path.join(extractedFiles(api).dir, 'package.json');
}

/** The executable's build digest, or null when running as scripts (whose code can be read file by file). */
export function executableBuildId(): string | null {
  const api = executable();
  return api === null ? null : extractedFiles(api).list.id;
}
