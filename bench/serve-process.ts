// `unshell serve` in a process of its own, as a bench probe measures it from outside.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '..', 'tools', 'cli', 'main.js');

/** `unshell serve` on the snapshot, its limits raised out of the way of one load generator on one address. */
export async function startServer(
  dir: string,
  dataDir: string,
): Promise<{ child: ChildProcessWithoutNullStreams; base: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--snapshot', dir, '--port', '0', '--data-dir', dataDir], {
    env: {
      ...process.env,
      UNSHELL_RATE_ANONYMOUS: '100000000',
      UNSHELL_MAX_IN_FLIGHT: '100000',
      UNSHELL_EMBED_BACKGROUND: 'off',
    },
  });
  let stderr = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const m = /listening on (http:\/\/[^ ]+)/.exec(stderr);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`unshell serve exited with ${code}: ${stderr}`)));
  });
  while ((await fetch(`${base}/readyz`)).status !== 200) await delay(100);
  child.removeAllListeners('exit');
  return { child, base };
}
