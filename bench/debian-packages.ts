// Installs the Debian packages a benchmark peer or a test needs (PostgreSQL, wrk, Chromium) when they are missing:
// apt-get, as root, one installation at a time.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * Held around each apt-get: test files run side by side may find the same package missing at once, and a second
 * apt-get would fail on dpkg's own lock instead of waiting for the first.
 */
const APT_LOCK = path.join(os.tmpdir(), 'unshell-apt-get.lock');

/** Installs `packages` with apt-get; throws, saying what to run instead, when not root or apt-get fails. */
export function aptInstall(packages: readonly string[], log: (line: string) => void): void {
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0)
    throw new Error(`installing ${packages.join(', ')} needs root: run \`${command}\` first`);
  log(`installing Debian package${packages.length > 1 ? 's' : ''} ${packages.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // A package another process installed meanwhile is installed again as a no-op.
  const script = `apt-get update -qq && apt-get install -y -qq ${packages.join(' ')}`;
  try {
    execFileSync('flock', [APT_LOCK, 'sh', '-c', script], { stdio: 'ignore', env });
  } catch (err) {
    throw new Error(`\`${command}\` failed: ${(err as Error).message}`);
  }
}
