// Builds the web app into dist/web: the pages' TypeScript bundled by esbuild (the graph page split off, with sigma and
// graphology), the stylesheet, and index.html naming the hashed files. Run after tsc by `npm run build`.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const source = path.join(root, 'server/web');
const out = path.join(root, 'dist/web');

export async function buildWeb(): Promise<{ script: string; style: string }> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, 'assets'), { recursive: true });
  const result = await build({
    entryPoints: { app: path.join(source, 'src/main.ts'), style: path.join(source, 'static/style.css') },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    outdir: path.join(out, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    metafile: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  const entry = (name: string, ext: string): string => {
    const file = Object.keys(result.metafile.outputs).find(
      (f) => path.basename(f).startsWith(`${name}-`) && f.endsWith(ext),
    );
    if (file === undefined) throw new Error(`the web build wrote no ${name} ${ext} file`);
    return path.basename(file);
  };
  const script = entry('app', '.js');
  const style = entry('style', '.css');
  const html = readFileSync(path.join(source, 'static/index.html'), 'utf8')
    .replace('{{SCRIPT}}', script)
    .replace('{{STYLE}}', style);
  writeFileSync(path.join(out, 'index.html'), html);
  return { script, style };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const built = await buildWeb();
  console.error(`web app built: dist/web/assets/${built.script}, ${built.style}`);
}
