// The HMAC secret of access tokens: configured, or generated once into the operator state and kept there.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../errors/config-error.js';
import { ioReason } from '../../errors/io-reason.js';
import { MIN_TOKEN_SECRET_LENGTH, type Config } from '../config.js';
import { fsyncDirectory, writeFileDurably } from '../../state/durable-state.js';
import type { StateLogs } from '../../state/state-log.js';
import { z } from 'zod';

export const TOKEN_SECRET_FILE = 'token-secret';

/**
 * UNSHELL_TOKEN_SECRET when set; otherwise `<data-dir>/token-secret`, written (mode 0600) on first start. The file is
 * written durably under a private name and then hard-linked into place, which fails when it already exists: two
 * processes starting together on one data dir (the server and `unshell mcp`) end up with the same secret.
 */
export function tokenSecret(config: Config, logs: StateLogs): Buffer {
  if (config.payments.tokenSecret !== null) return Buffer.from(config.payments.tokenSecret, 'utf8');
  if (logs.shared) return sharedTokenSecret(logs);
  const file = path.join(config.dataDir, TOKEN_SECRET_FILE);
  if (!existsSync(file)) {
    const mine = `${file}.${process.pid}.new`;
    try {
      writeFileDurably(mine, `${randomBytes(32).toString('hex')}\n`, 0o600);
      try {
        linkSync(mine, file);
        fsyncDirectory(config.dataDir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        unlinkSync(mine);
      }
    } catch (err) {
      throw new ConfigError(`cannot write the token secret ${file}: ${ioReason(err)}`);
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_TOKEN_SECRET_LENGTH)
    throw new ConfigError(
      `${file} holds a token secret shorter than ${MIN_TOKEN_SECRET_LENGTH} characters; remove it to generate a new one`,
    );
  return Buffer.from(secret, 'utf8');
}

const SecretEvent = z.object({ secret: z.string().min(MIN_TOKEN_SECRET_LENGTH) });
type SecretEvent = z.infer<typeof SecretEvent>;

/**
 * Replicas sharing their state share the secret too (a token one replica signs, every replica accepts): the first
 * to start writes it into the shared state, under the log's lock, and the others read it.
 */
function sharedTokenSecret(logs: StateLogs): Buffer {
  const log = logs.open<{ secret: string | null }, SecretEvent>(TOKEN_SECRET_FILE, SecretEvent, {
    initial: () => ({ secret: null }),
    apply: (state, e) => void (state.secret ??= e.secret),
    compacted: (state) => (state.secret === null ? [] : [{ secret: state.secret }]),
  });
  try {
    log.transact((state) => (state.secret === null ? [{ secret: randomBytes(32).toString('hex') }] : []));
    const secret = log.state.secret;
    if (secret === null) throw new ConfigError(`no token secret could be written to ${log.where}`);
    return Buffer.from(secret, 'utf8');
  } finally {
    log.close();
  }
}
