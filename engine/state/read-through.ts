// A lookup that must not answer "no such thing" for something another replica wrote a moment ago: a checkout paid,
// a session signed in, a key made on one replica and used at once on another behind the same load balancer.
import type { StateLog } from './state-log.js';

/**
 * `read` on the state as this process last heard of it, and once more after reading the log itself when that finds
 * nothing: a hit costs no round trip, and only a miss waits for the shared store.
 */
export function readThrough<S, E, T>(log: StateLog<S, E>, read: (state: Readonly<S>) => T | undefined): T | undefined {
  log.refresh();
  const heard = read(log.state);
  if (heard !== undefined) return heard;
  log.sync();
  return read(log.state);
}
