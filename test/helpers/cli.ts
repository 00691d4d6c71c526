// Test helper: runs the real `unshell` command in a child process, as an operator would.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const CLI_MAIN = fileURLToPath(new URL('../../tools/cli/main.js', import.meta.url));
/** The same path, for tests that spawn the command themselves (a server they stop with a signal). */
export const CLI = CLI_MAIN;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `unshell args` to its end; `cwd` is the folder the operator runs it from (default this process's). */
export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_MAIN, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, ...(cwd === undefined ? {} : { cwd }) },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `unshell keys create --json` in `dataDir`: the key and its public record. */
export async function createKey(
  dataDir: string,
  name: string,
  plan?: string,
): Promise<{ key: string; id: string; plan: string }> {
  const r = await runCli([
    'keys',
    'create',
    '--name',
    name,
    '--data-dir',
    dataDir,
    '--json',
    ...(plan === undefined ? [] : ['--plan', plan]),
  ]);
  if (r.code !== 0) throw new Error(`keys create failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { key: string; id: string; plan: string };
}

export interface ServingChild {
  child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:<port>`, as the server logged it. */
  base: string;
  /** Everything the server has logged so far. */
  stderr: () => string;
}

/** `unshell serve` on an ephemeral port in a child process, returned once its snapshot is loaded (/readyz 200). */
export async function spawnServe(
  snapshot: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServingChild> {
  const child = spawn(
    process.execPath,
    [CLI_MAIN, 'serve', '--snapshot', snapshot, '--data-dir', dataDir, '--port', '0'],
    { env: { ...process.env, ...env } },
  );
  let stderr = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const m = /listening on (http:\/\/[^ ]+)/.exec(stderr);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  await untilReady(base);
  return { child, base, stderr: () => stderr };
}

/**
 * Asks /readyz until it answers 200, as a health checker does. A probe may meet a reset connection and is then
 * asked again: while a loading server's event loop is busy, a kept-alive connection can reach its idle timeout on
 * the server's side just as the next probe is sent on it.
 */
export async function untilReady(base: string, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${base} not ready after ${timeoutMs} ms (last answer ${status})`);
    await delay(50);
  }
}
