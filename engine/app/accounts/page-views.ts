// Page views of the web app: the API requests one page view makes count once against the limits and the credits.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A page token is good this long after the page shell carrying it was served. */
export const PAGE_TOKEN_LIFETIME_MS = 30 * 60_000;
/** The requests of one page view are covered for this long after its first … */
export const PAGE_VIEW_WINDOW_MS = 2 * 60_000;
/** … and up to this many: a page needs a handful, type-ahead a few more; past it, requests count as usual. */
export const PAGE_VIEW_REQUESTS = 30;
/** Page views remembered at most: past it the oldest are forgotten (their next request counts as a new view). */
const MAX_VIEWS = 100_000;

const NONCE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * `first`: the first request of a page view, counted like any other; `covered`: a later request of the same view,
 * neither rate-limited nor charged; `none`: no valid page view, counted like any other.
 */
export type PageViewVerdict = 'first' | 'covered' | 'none';

/**
 * The page shell served to a client carries a token signed for that client (`issue`); the app sends it with a
 * fresh nonce per page view (`X-Page-View: <token>.<nonce>`). A script could fetch the shell for a token too, and
 * then gets at most PAGE_VIEW_REQUESTS requests per counted one: a bound, not a loophole. Tokens are signed with a
 * secret of this process: another replica counts them as usual.
 */
export class PageViews {
  readonly #secret: Buffer;
  readonly #clock: () => number;
  readonly #views = new Map<string, { requests: number; until: number }>();

  constructor(options: { secret?: Buffer; clock?: () => number } = {}) {
    this.#secret = options.secret ?? randomBytes(32);
    this.#clock = options.clock ?? Date.now;
  }

  /** A token for the pages served to `client` (an IP address or /64, as the limits name it). */
  issue(client: string): string {
    const issued = this.#clock().toString(36);
    return `${issued}.${this.#sign(client, issued)}`;
  }

  /** What an `X-Page-View` header from `client` makes of a request. */
  classify(header: string | undefined, client: string): PageViewVerdict {
    if (header === undefined || header.length > 200) return 'none';
    const [issued, signature, nonce, ...rest] = header.split('.');
    if (issued === undefined || signature === undefined || nonce === undefined || rest.length > 0) return 'none';
    if (!NONCE.test(nonce)) return 'none';
    const expected = Buffer.from(this.#sign(client, issued));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'none';
    const now = this.#clock();
    const at = parseInt(issued, 36);
    if (!Number.isFinite(at) || at > now + 60_000 || now - at > PAGE_TOKEN_LIFETIME_MS) return 'none';
    const key = `${client}|${nonce}`;
    const view = this.#views.get(key);
    if (view === undefined || view.until <= now) {
      if (view === undefined && this.#views.size >= MAX_VIEWS) this.#forgetOldest(now);
      this.#views.set(key, { requests: 1, until: now + PAGE_VIEW_WINDOW_MS });
      return 'first';
    }
    if (view.requests >= PAGE_VIEW_REQUESTS) return 'none';
    view.requests += 1;
    return 'covered';
  }

  #sign(client: string, issued: string): string {
    return createHmac('sha256', this.#secret).update(`${client}|${issued}`).digest('base64url');
  }

  /** Ended views first; else the oldest tenth (a Map iterates in insertion order). */
  #forgetOldest(now: number): void {
    for (const [k, v] of this.#views) if (v.until <= now) this.#views.delete(k);
    if (this.#views.size < MAX_VIEWS) return;
    let drop = Math.floor(MAX_VIEWS / 10);
    for (const k of this.#views.keys()) {
      if (drop-- <= 0) break;
      this.#views.delete(k);
    }
  }
}
