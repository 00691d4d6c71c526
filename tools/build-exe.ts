// Builds dist/unshell, one executable that needs no Node.js or npm: the program bundled into one script by esbuild,
// its files (web app, word vectors, the workers, native code) as assets, injected into a copy of
// this Node.js as a single executable application. Run by `npm run build:exe` after `npm run build`.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { JAPANESE_DICTIONARY_FILES } from '../engine/names/japanese-reader.js';
import { ASSET_LIST, type AssetList } from '../engine/runtime/app-files.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const work = path.join(dist, 'exe');
const output = path.join(dist, 'unshell');
/** Brotli's settings for the executable's files: dense (a window of 16 MB), and seconds to pack, not minutes. */
const BROTLI = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_LGWIN]: 24 },
};
/** The fuse Node.js looks for to know that it carries an application (its documentation gives this value). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const HNSW_ADDON = 'native/hnswlib-node.node';

/** `import.meta.url` has no meaning in one CommonJS script: it becomes the script's (or the executable's) own URL. */
const BANNER =
  'var __unshell_import_meta_url = require("node:url").pathToFileURL(typeof __filename === "string" ? __filename : process.execPath).href;';

/**
 * hnswlib-node loads its compiled addon through `bindings`, which looks for it on disk next to the package. In the
 * executable the addon is one of its files: loaded from where it was extracted.
 */
const nativeAddons: Plugin = {
  name: 'native-addons',
  setup(b) {
    // msgpackr tries its optional native string extractor and does without it when the require fails.
    b.onResolve({ filter: /^msgpackr-extract$/ }, () => ({ path: 'msgpackr-extract', namespace: 'absent' }));
    // pg offers libpq bindings as an option (`pg.native`), which the state in PostgreSQL does not use.
    b.onResolve({ filter: /^pg-native$/ }, () => ({ path: 'pg-native', namespace: 'absent' }));
    b.onLoad({ filter: /.*/, namespace: 'absent' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not part of the executable`)});`,
      loader: 'js',
    }));
    b.onResolve({ filter: /^bindings$/ }, (args) =>
      args.importer.includes(`${path.sep}hnswlib-node${path.sep}`) ? { path: 'hnswlib', namespace: 'addon' } : null,
    );
    b.onLoad({ filter: /.*/, namespace: 'addon' }, () => ({
      contents: `const { appFile } = require(${JSON.stringify(path.join(root, 'engine/runtime/app-files.ts'))});
module.exports = () => { const m = { exports: {} }; process.dlopen(m, appFile(${JSON.stringify(HNSW_ADDON)})); return m.exports; };`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    banner: { js: BANNER },
    define: { 'import.meta.url': '__unshell_import_meta_url' },
    plugins: [nativeAddons],
    // Smaller without renaming anything: names stay in stack traces and errors.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
}

function filesUnder(dir: string, prefix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const files = path.join(work, 'files');
  const script = path.join(work, 'unshell.cjs');
  await bundle('tools/cli/main.ts', script);
  await bundle(
    'snapshots/format/snapshot-reader-worker.ts',
    path.join(files, 'snapshots/format/snapshot-reader-worker.js'),
  );
  await bundle('engine/app/state/postgres-worker.ts', path.join(files, 'engine/app/state/postgres-worker.js'));
  await bundle('snapshots/build/name-words-worker.ts', path.join(files, 'snapshots/build/name-words-worker.js'));
  await bundle('snapshots/build/fold-worker.ts', path.join(files, 'snapshots/build/fold-worker.js'));
  await bundle('engine/app/live/stream-reader-worker.ts', path.join(files, 'engine/app/live/stream-reader-worker.js'));
  // The bundles are CommonJS; the package.json beside them (for the version) says "module", so the workers'
  // folders say otherwise for themselves.
  for (const folder of ['snapshots', 'engine'])
    writeFileSync(path.join(files, folder, 'package.json'), '{ "type": "commonjs" }\n');
  const addon = path.join(
    path.dirname(createRequire(import.meta.url).resolve('hnswlib-node/package.json')),
    'build/Release/addon.node',
  );
  mkdirSync(path.join(files, 'native'), { recursive: true });
  copyFileSync(addon, path.join(files, HNSW_ADDON));
  copyFileSync(path.join(root, 'package.json'), path.join(files, 'package.json'));
  // The Japanese analyser's dictionary, read from disk the first time a name with kanji is read: unpacked here, as
  // every file is packed below more tightly than its gzip.
  const dictionary = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
  mkdirSync(path.join(files, JAPANESE_DICTIONARY_FILES), { recursive: true });
  for (const f of readdirSync(dictionary).filter((name) => name.endsWith('.gz')))
    writeFileSync(
      path.join(files, JAPANESE_DICTIONARY_FILES, f.slice(0, -'.gz'.length)),
      gunzipSync(readFileSync(path.join(dictionary, f))),
    );
  for (const rel of ['web', 'assets']) {
    const from = path.join(dist, rel);
    if (!statSync(from, { throwIfNoEntry: false })?.isDirectory())
      throw new Error(`${from} is missing: run npm run build first`);
    for (const f of filesUnder(from, `${rel}/`)) {
      mkdirSync(path.dirname(path.join(files, f)), { recursive: true });
      copyFileSync(path.join(dist, f), path.join(files, f));
    }
  }
  const rels = filesUnder(files, '').sort();
  const digest = createHash('sha256').update(readFileSync(script));
  for (const rel of rels) digest.update(rel).update(readFileSync(path.join(files, rel)));
  const list: AssetList = { id: digest.digest('hex').slice(0, 16), files: rels };
  writeFileSync(path.join(work, ASSET_LIST), JSON.stringify(list));
  // Each file is an asset packed with Brotli (the word vectors and the dictionary are most of the executable) and
  // unpacked once when the executable first extracts its files (engine/runtime/app-files.ts).
  const packed = path.join(work, 'packed');
  for (const rel of rels) {
    mkdirSync(path.dirname(path.join(packed, rel)), { recursive: true });
    writeFileSync(path.join(packed, rel), brotliCompressSync(readFileSync(path.join(files, rel)), BROTLI));
  }
  const blob = path.join(work, 'unshell.blob');
  const seaConfig = {
    main: script,
    output: blob,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    useCodeCache: false,
    assets: {
      [ASSET_LIST]: path.join(work, ASSET_LIST),
      ...Object.fromEntries(rels.map((rel) => [rel, path.join(packed, rel)])),
    },
  };
  writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));
  execFileSync(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')], {
    stdio: 'inherit',
  });
  rmSync(output, { force: true });
  copyFileSync(process.execPath, output);
  chmodSync(output, 0o755);
  const postject = path.join(path.dirname(createRequire(import.meta.url).resolve('postject')), 'cli.js');
  execFileSync(process.execPath, [postject, output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(
    `${path.relative(root, output)}: ${(statSync(output).size / 1024 / 1024).toFixed(0)} MB, build ${list.id}`,
  );
}

await main();
