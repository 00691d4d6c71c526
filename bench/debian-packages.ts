// Installs the Debian packages a benchmark peer needs (PostgreSQL, wrk) when they are missing: apt-get, as root.
import { execFileSync } from 'node:child_process';

/** Installs `packages` with apt-get; throws, saying what to run instead, when not root or apt-get fails. */
export function aptInstall(packages: readonly string[], log: (line: string) => void): void {
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0)
    throw new Error(`installing ${packages.join(', ')} needs root: run \`${command}\` first`);
  log(`installing Debian package${packages.length > 1 ? 's' : ''} ${packages.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'ignore', env });
  } catch (err) {
    throw new Error(`\`${command}\` failed: ${(err as Error).message}`);
  }
}
