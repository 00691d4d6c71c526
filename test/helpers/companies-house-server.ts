// A local stand-in for the Companies House Public Data API that speaks its protocol: HTTP basic auth with the key as
// user name (401 with the registry's body otherwise), a budget of requests per window per key (429 with the
// registry's X-Ratelimit-* headers when spent), paged lists (items_per_page, start_index), 404 for what it does not
// hold, and the real recorded responses in ../shared/data/companies-house/api/rest as its data.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** What the stand-in answers, by path, from the recorded samples (file names in the shared folder). */
export const CH_SAMPLES: Readonly<Record<string, string>> = {
  '/company/08957400': 'company_candour.json',
  '/company/04475590/officers': 'officers_you_limited.json',
  '/company/04053514/persons-with-significant-control': 'persons_yorkshire_air_ambulance.json',
  '/company/07310390/filing-history': 'filing_pfb_hire.json',
  '/company/07310390/charges': 'charges_pfb_hire.json',
  // The recorded insolvency response (London Airways) names no company number: it is served under one of the tests'.
  '/company/LA000001/insolvency': 'insolvency_london_airways.json',
  '/officers/BUzLMub_QilQ_HNnIUxLkZrs5KM/appointments': 'appointments_allan_david_horley.json',
  '/search/companies': 'search_result_you.json',
};

export interface StandInOptions {
  /** The folder of the recorded responses. */
  samples: string;
  apiKey: string;
  /** Requests allowed per key per window (the registry's: 600 per 5 minutes). */
  limit?: number;
  windowMs?: number;
  /** Held before each answer, to play a slow registry. */
  delayMs?: number;
  /** The most items a page holds, whatever was asked (the registry's is 100; fewer makes lists span pages). */
  pageSize?: number;
  /** More paths to answer, each with a recorded file (the samples' own paths stay): a scenario built of real answers. */
  routes?: Readonly<Record<string, string>>;
}

export interface CompaniesHouseStandIn {
  base: string;
  /** Requests received, by path (query left out), 401s and 429s included. */
  requests: Map<string, number>;
  /** Answers that were 429. */
  refused: () => number;
  /** Let the key be spent at once, as another process on the same key would. */
  spend: () => void;
  stop: () => Promise<void>;
}

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

/** The key of a `Basic base64(key:)` header, or null. */
function keyOf(req: IncomingMessage): string | null {
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
  if (m?.[1] === undefined) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  return decoded.endsWith(':') ? decoded.slice(0, -1) : null;
}

/** A page of a recorded list, as the registry pages it: `items` sliced, the totals kept. */
function paged(doc: Record<string, unknown>, query: URLSearchParams, pageSize: number): Record<string, unknown> {
  if (!Array.isArray(doc.items)) return doc;
  const start = Number(query.get('start_index') ?? 0);
  const size = Math.min(pageSize, Number(query.get('items_per_page') ?? 35));
  const items = doc.items as unknown[];
  return { ...doc, start_index: start, items_per_page: size, items: items.slice(start, start + size) };
}

export async function startCompaniesHouseStandIn(options: StandInOptions): Promise<CompaniesHouseStandIn> {
  const limit = options.limit ?? 600;
  const windowMs = options.windowMs ?? 5 * 60_000;
  const requests = new Map<string, number>();
  let sent: number[] = [];
  let refused = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    const answer = (): void => {
      if (keyOf(req) !== options.apiKey) {
        sendJson(res, 401, { error: 'Invalid Authorization', type: 'ch:service' });
        return;
      }
      const now = Date.now();
      sent = sent.filter((t) => t > now - windowMs);
      const reset = String(Math.ceil(((sent[0] ?? now) + windowMs) / 1000));
      const rate = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-window': `${windowMs / 1000}s` };
      if (sent.length >= limit) {
        refused++;
        sendJson(
          res,
          429,
          { error: 'Too Many Requests' },
          { ...rate, 'x-ratelimit-remain': '0', 'x-ratelimit-reset': reset },
        );
        return;
      }
      sent.push(now);
      const headers = { ...rate, 'x-ratelimit-remain': String(limit - sent.length), 'x-ratelimit-reset': reset };
      const file = options.routes?.[url.pathname] ?? CH_SAMPLES[url.pathname];
      if (file === undefined) {
        sendJson(res, 404, { errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] }, headers);
        return;
      }
      const doc = JSON.parse(readFileSync(path.resolve(options.samples, file), 'utf8')) as Record<string, unknown>;
      sendJson(res, 200, paged(doc, url.searchParams, options.pageSize ?? 100), headers);
    };
    if (options.delayMs === undefined) answer();
    else setTimeout(answer, options.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    refused: () => refused,
    spend: () => {
      const now = Date.now();
      sent = Array.from({ length: limit }, () => now);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
