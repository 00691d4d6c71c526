// The REST side of access control: authentication, rate limits and their headers, and metering of answered calls.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Access, Admission } from '../../engine/app/accounts/access.js';
import { PageViews } from '../../engine/app/accounts/page-views.js';
import { anonymousCaller } from '../../engine/app/accounts/plans.js';
import type { RateDecision } from '../../engine/app/accounts/rate-limiter.js';
import type { Caller } from '../../engine/app/caller.js';
import type { Config } from '../../engine/app/config.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { InFlightLimit } from './in-flight-limit.js';
import { sendError } from './responses.js';

/** The first four groups of an IPv6 address, expanded (`::` filled, an embedded IPv4 tail counted as two groups). */
function ipv6Prefix64(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const groups = (part: string): string[] =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const gap = address.indexOf('::');
  const head = groups(gap === -1 ? address : address.slice(0, gap));
  const tail = gap === -1 ? [] : groups(address.slice(gap + 2));
  const all =
    gap === -1 ? head : [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The client as limits and usage count it: an IPv4 address (`::ffff:1.2.3.4` is `1.2.3.4`), or an IPv6 /64,
 * because one subscriber usually holds a whole /64 and could otherwise take a fresh limit per address.
 */
function clientOf(ip: string): string {
  if (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4) return ip.slice(7);
  return isIP(ip) === 6 ? ipv6Prefix64(ip) : ip;
}

/**
 * The client: the socket's peer, or, behind a trusted proxy, the first X-Forwarded-For hop (the client
 * as the outermost proxy saw it). Without UNSHELL_TRUST_PROXY the header is ignored, or any client could pick a
 * fresh address, and a fresh anonymous limit, per request.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first !== undefined && isIP(first) !== 0) return clientOf(first);
  }
  return clientOf(req.socket.remoteAddress ?? 'unknown');
}

function setRateHeaders(res: ServerResponse, rate: RateDecision): void {
  res.setHeader('RateLimit-Limit', String(rate.limit));
  res.setHeader('RateLimit-Remaining', String(rate.remaining));
  res.setHeader('RateLimit-Reset', String(rate.resetSeconds));
  if (!rate.allowed) res.setHeader('Retry-After', String(rate.retryAfterSeconds));
}

export interface AccessLayer {
  /**
   * Runs on every /api/public request but CORS preflights: counts it, and answers 401 or 429 itself (over the rate,
   * or over the requests one client may have in flight at once).
   */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Who the capability is serving. */
  callerOf(req: IncomingMessage): Caller;
  /** Meters an answered capability call, resolving once its count is written; rejects (an `internal` answer) when the usage log cannot be written. */
  meter(req: IncomingMessage, credits: number): Promise<void>;
  /**
   * What a call costs this request (nothing when a page view already paid for it), set aside against its account's
   * month until `meter` writes it; `credits_exhausted` when the plan's credits are spent and metering is off.
   */
  charge(req: IncomingMessage, credits: number): number;
  /** The page token for the web app's shell served to this request's client (page-views.ts). */
  pageToken(req: IncomingMessage): string;
}

/** The header the web app sends with each API request of a page view: `<page token>.<nonce of the view>`. */
export const PAGE_VIEW_HEADER = 'x-page-view';

/**
 * `sessionAccount`: the account a request's session cookie opens, so that a signed-in browser reads what its account
 * unlocked (its limits stay its client's).
 * `access` null: no key store, no limits, no metering (an embedded app without a data directory); an
 * Authorization header is then refused, never treated as anonymous.
 */
export function accessLayer(
  access: Access | null,
  config: Config,
  log: (line: string) => void,
  sessionAccount?: (req: IncomingMessage) => string | undefined,
): AccessLayer {
  const admissions = new WeakMap<IncomingMessage, Admission>();
  const inFlight = new InFlightLimit(config.limits.maxInFlight);
  const pageViews = new PageViews();
  return {
    middleware(req, res, next) {
      if (access === null) return next();
      const client = clientIp(req, config.trustProxy);
      const header = req.headers[PAGE_VIEW_HEADER];
      const pageView =
        req.headers.authorization === undefined
          ? pageViews.classify(Array.isArray(header) ? header[0] : header, client)
          : 'none';
      const outcome = access.admit(req.headers.authorization, client, pageView);
      setRateHeaders(res, outcome.rate);
      if ('error' in outcome) return sendError(res, outcome.error, 0, log);
      if (!inFlight.enter(outcome.subject, res)) {
        res.setHeader('Retry-After', '1');
        const message = `over the limit of ${inFlight.max} requests in flight at once per client; wait for answers before sending more`;
        return sendError(res, new ServiceError('rate_limited', message), 0, log);
      }
      admissions.set(req, outcome);
      next();
    },
    callerOf(req) {
      const admission = admissions.get(req);
      if (admission !== undefined) {
        if (admission.caller.account !== undefined || req.headers.authorization !== undefined) return admission.caller;
        const account = sessionAccount?.(req);
        return account === undefined ? admission.caller : { ...admission.caller, account };
      }
      if (req.headers.authorization !== undefined) {
        throw new ServiceError(
          'invalid_api_key',
          'this server keeps no API keys; send the request without an Authorization header',
        );
      }
      return anonymousCaller(config);
    },
    meter(req, credits) {
      const admission = admissions.get(req);
      return admission !== undefined && access !== null ? access.meterSoon(admission, credits) : Promise.resolve();
    },
    charge(req, credits) {
      const admission = admissions.get(req);
      if (admission === undefined || access === null) return credits;
      const cost = admission.covered ? 0 : credits;
      access.reserve(admission, cost);
      return cost;
    },
    pageToken(req) {
      return pageViews.issue(clientIp(req, config.trustProxy));
    },
  };
}
