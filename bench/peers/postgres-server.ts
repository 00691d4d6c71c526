// A throwaway PostgreSQL cluster on loopback for the peer benchmark: Debian's package, installed when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from '../debian-packages.js';

export interface PostgresServer {
  host: string;
  port: number;
  user: string;
  version: string;
  /** A folder the server can read, for COPY … FROM files. */
  shared: string;
  stop(): void;
}

/** The newest installed PostgreSQL binaries folder (Debian: /usr/lib/postgresql/<major>/bin). */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((d) => existsSync(path.join(root, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : path.join(root, majors[0], 'bin');
}

function install(log: (line: string) => void): string {
  log('PostgreSQL is not installed');
  aptInstall(['postgresql', 'postgresql-contrib'], log);
  const dir = binDir();
  if (dir === null) throw new Error('apt-get installed postgresql, but no initdb was found under /usr/lib/postgresql');
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * initdb and start a cluster in a temporary folder, listening on 127.0.0.1 only, trusting local connections.
 * PostgreSQL refuses to run as root, so as root the cluster is run by the `postgres` user the package creates.
 * Durability settings are off: the benchmark measures queries, the tests kill the processes that use it (never
 * PostgreSQL itself), and the cluster is thrown away after either. `small`: the tests' memory, not the benchmark's.
 */
export async function startPostgres(
  log: (line: string) => void,
  tuning: { memory?: 'bench' | 'small' } = {},
): Promise<PostgresServer> {
  const bin = binDir() ?? install(log);
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-pg-'));
  const data = path.join(work, 'data');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : os.userInfo().username;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(work, uid, gid);
  }
  chmodSync(work, 0o755);
  const run = (cmd: string, args: string[]): void => {
    const full = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const r = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '-U', user]);
  const port = await freePort();
  const options = [
    '-p',
    String(port),
    '-k',
    work,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    ...(tuning.memory === 'small'
      ? ['-c', 'shared_buffers=64MB']
      : [
          '-c',
          'shared_buffers=2GB',
          '-c',
          'work_mem=64MB',
          '-c',
          'maintenance_work_mem=1GB',
          '-c',
          'max_wal_size=8GB',
        ]),
  ];
  run('pg_ctl', ['-D', data, '-l', path.join(work, 'server.log'), '-o', options.join(' '), '-w', 'start']);
  const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  log(`${version} running on 127.0.0.1:${port}`);
  return {
    host: '127.0.0.1',
    port,
    user,
    version,
    shared: work,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
