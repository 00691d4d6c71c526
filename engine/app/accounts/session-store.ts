// Signed-in sessions: the SHA-256 of each session's secret and its account, in a state log in the data dir.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';
import { readThrough } from '../../state/read-through.js';

export const SESSIONS_FILE = 'sessions.log';
/** How long a session lasts from sign-in, whatever happens in between. */
export const SESSION_DAYS = 14;

export interface SessionRecord {
  /** SHA-256 of the session secret, hex: the cookie's value is never stored. */
  hash: string;
  account: string;
  created_at: string;
  expires_at: string;
}

const SessionEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('session_started'),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    account: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  }),
  z.object({ type: z.literal('session_ended'), hash: z.string() }),
  /** Every session of an account (a password reset, a deleted account). */
  z.object({ type: z.literal('sessions_ended'), account: z.string() }),
]);
type SessionEvent = z.infer<typeof SessionEvent>;

type Sessions = Map<string, SessionRecord>;

const machine: StateMachine<Sessions, SessionEvent> = {
  initial: () => new Map(),
  apply(state, e) {
    if (e.type === 'session_started')
      state.set(e.hash, { hash: e.hash, account: e.account, created_at: e.created_at, expires_at: e.expires_at });
    else if (e.type === 'session_ended') state.delete(e.hash);
    else for (const [hash, s] of state) if (s.account === e.account) state.delete(hash);
  },
  *compacted(state) {
    const now = new Date().toISOString();
    for (const s of state.values()) if (s.expires_at > now) yield { type: 'session_started', ...s };
  },
};

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export class SessionStore {
  readonly #log: StateLog<Sessions, SessionEvent>;

  private constructor(log: StateLog<Sessions, SessionEvent>) {
    this.#log = log;
  }

  static open(logs: StateLogs, options: { compactAfter?: number; readOnly?: boolean } = {}): SessionStore {
    return new SessionStore(
      logs.open(SESSIONS_FILE, SessionEvent, machine, {
        compactAfter: options.compactAfter ?? 5_000,
        readOnly: options.readOnly ?? false,
      }),
    );
  }

  /** The live sessions of an account (signed in from several browsers, say). */
  ofAccount(account: string): SessionRecord[] {
    this.#log.refresh();
    return [...this.#log.state.values()].filter((s) => s.account === account);
  }

  /**
   * A new session for the account; returns its secret (the cookie's value). Written before it returns, without
   * fsync: a power cut that loses a session costs its holder one more sign-in, nothing else.
   */
  start(account: string, now: Date): { secret: string; session: SessionRecord } {
    const secret = randomBytes(32).toString('base64url');
    const hash = hashSecret(secret);
    const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    this.#log.commit(
      {
        type: 'session_started',
        hash,
        account,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
      },
      'write',
    );
    return { secret, session: this.#log.state.get(hash) as SessionRecord };
  }

  /** The live session a cookie's secret opens, or undefined (unknown, ended or expired). */
  find(secret: string, now: Date): SessionRecord | undefined {
    const hash = hashSecret(secret);
    const s = readThrough(this.#log, (state) => state.get(hash));
    return s !== undefined && s.expires_at > now.toISOString() ? s : undefined;
  }

  end(secret: string): void {
    const hash = hashSecret(secret);
    if (this.#log.state.has(hash)) this.#log.commit({ type: 'session_ended', hash }, 'write');
  }

  endAll(account: string): void {
    this.#log.commit({ type: 'sessions_ended', account }, 'write');
  }

  close(): void {
    this.#log.close();
  }
}
