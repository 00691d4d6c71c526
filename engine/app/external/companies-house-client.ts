// The Companies House Public Data API (REST): company profile, officers, PSCs, filings, charges, insolvency,
// appointments and search, each request within the process's shared budget and its caller's deadline.
//
// Authentication is HTTP basic with the key as user name and an empty password. The registry allows 600 requests
// per 5 minutes per key: the `RequestBudget` keeps to that, and a 429 (another process on the same key) pauses it
// for as long as the registry says before the request is tried again, within the caller's deadline.
import { COMPANIES_HOUSE_REST } from '../config.js';
import type { Priority, RequestBudget } from './request-budget.js';
import { BudgetExhausted } from './request-budget.js';

/** A JSON object as the registry sends it; its fields are read by the Companies House parsers. */
export type ChDocument = Record<string, unknown>;

export type Fetched = { found: true; body: ChDocument } | { found: false };

export type ChFailure = 'unauthorized' | 'unavailable' | 'out_of_budget' | 'bad_response';

/** Why the registry gave no answer: a wrong key, the registry slow or down, no budget left in time, a bad body. */
export class CompaniesHouseError extends Error {
  readonly reason: ChFailure;
  constructor(reason: ChFailure, message: string) {
    super(message);
    this.name = 'CompaniesHouseError';
    this.reason = reason;
  }
}

export interface CompaniesHouseClientOptions {
  apiKey: string;
  /** The REST origin; default the registry's. */
  base?: string;
  budget: RequestBudget;
  /** The longest one request may take. */
  timeoutMs?: number;
}

/** Who is asking, how urgently, and by when the answer must be in (the whole call, retries and pages included). */
export interface Call {
  priority: Priority;
  /** Counted against this caller's share of the budget (an API key's id or an anonymous client's address). */
  caller?: string;
  deadlineMs: number;
}

/** Lists are read a page of 100 at a time, up to this many items (a company with more officers is rare). */
const PAGE_SIZE = 100;
const MAX_ITEMS = 1_000;
/** When a 429 says neither Retry-After nor X-Ratelimit-Reset, the registry's window is waited out in part. */
const DEFAULT_PAUSE_MS = 30_000;

const isDocument = (v: unknown): v is ChDocument => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How long a 429 asks to wait: Retry-After (seconds), or X-Ratelimit-Reset (the epoch second the window resets). */
function pauseOf(headers: Headers, now: number): number {
  const after = Number(headers.get('retry-after'));
  if (Number.isFinite(after) && after > 0) return after * 1000;
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(1000, reset * 1000 - now);
  return DEFAULT_PAUSE_MS;
}

export class CompaniesHouseClient {
  readonly base: string;
  readonly #authorization: string;
  readonly #budget: RequestBudget;
  readonly #timeoutMs: number;

  constructor(options: CompaniesHouseClientOptions) {
    this.base = (options.base ?? COMPANIES_HOUSE_REST).replace(/\/+$/, '');
    this.#authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
    this.#budget = options.budget;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  companyProfile(number: string, call: Call): Promise<Fetched> {
    return this.#get(`/company/${encodeURIComponent(number)}`, call);
  }

  officers(number: string, call: Call): Promise<Fetched> {
    return this.#list(`/company/${encodeURIComponent(number)}/officers`, call);
  }

  /** Individual, corporate and legal-person PSCs (and their beneficial-owner kinds), current and ceased. */
  personsWithSignificantControl(number: string, call: Call): Promise<Fetched> {
    return this.#list(`/company/${encodeURIComponent(number)}/persons-with-significant-control`, call);
  }

  pscStatements(number: string, call: Call): Promise<Fetched> {
    return this.#list(`/company/${encodeURIComponent(number)}/persons-with-significant-control-statements`, call);
  }

  filingHistory(number: string, call: Call): Promise<Fetched> {
    return this.#list(`/company/${encodeURIComponent(number)}/filing-history`, call);
  }

  charges(number: string, call: Call): Promise<Fetched> {
    return this.#list(`/company/${encodeURIComponent(number)}/charges`, call);
  }

  insolvency(number: string, call: Call): Promise<Fetched> {
    return this.#get(`/company/${encodeURIComponent(number)}/insolvency`, call);
  }

  /** Every appointment of one officer, across companies: the registry's link of one person to many companies. */
  officerAppointments(officerId: string, call: Call): Promise<Fetched> {
    return this.#list(`/officers/${encodeURIComponent(officerId)}/appointments`, call);
  }

  /** The first page of the registry's company search. */
  searchCompanies(query: string, call: Call, itemsPerPage = 20): Promise<Fetched> {
    const q = new URLSearchParams({ q: query, items_per_page: String(itemsPerPage) });
    return this.#get(`/search/companies?${q.toString()}`, call);
  }

  /** A paged list, its pages fetched in turn and their `items` joined into the first page's document. */
  async #list(path: string, call: Call): Promise<Fetched> {
    const started = Date.now();
    const page = (start: number): Promise<Fetched> =>
      this.#get(`${path}?items_per_page=${PAGE_SIZE}&start_index=${start}`, {
        ...call,
        deadlineMs: call.deadlineMs - (Date.now() - started),
      });
    const first = await page(0);
    if (!first.found) return first;
    const items = Array.isArray(first.body.items) ? [...(first.body.items as unknown[])] : [];
    const total = Number(first.body.total_results ?? first.body.total_count ?? items.length);
    while (items.length < Math.min(total, MAX_ITEMS)) {
      const next = await page(items.length);
      const more = next.found && Array.isArray(next.body.items) ? (next.body.items as unknown[]) : [];
      if (more.length === 0) break;
      items.push(...more);
    }
    return { found: true, body: { ...first.body, items } };
  }

  async #get(path: string, call: Call): Promise<Fetched> {
    const deadline = Date.now() + call.deadlineMs;
    for (;;) {
      const left = (): number => deadline - Date.now();
      try {
        await this.#budget.acquire({
          priority: call.priority,
          deadlineMs: left(),
          ...(call.caller === undefined ? {} : { caller: call.caller }),
        });
      } catch (err) {
        if (err instanceof BudgetExhausted)
          throw new CompaniesHouseError('out_of_budget', `Companies House: ${err.message}`);
        throw err;
      }
      let res: Response;
      try {
        res = await fetch(`${this.base}${path}`, {
          headers: { authorization: this.#authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(Math.max(1, Math.min(this.#timeoutMs, left()))),
        });
      } catch (err) {
        const why =
          err instanceof Error && err.name === 'TimeoutError'
            ? 'did not answer in time'
            : `could not be reached (${err instanceof Error ? err.message : String(err)})`;
        throw new CompaniesHouseError('unavailable', `Companies House ${why}: GET ${path}`);
      }
      if (res.status === 429) {
        await res.body?.cancel();
        this.#budget.pause(pauseOf(res.headers, Date.now()));
        continue; // the budget holds the retry until the pause is over, or gives up at the deadline
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new CompaniesHouseError(
          'unauthorized',
          `Companies House refused the API key (HTTP ${res.status}); check UNSHELL_CH_API_KEY`,
        );
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return { found: false };
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new CompaniesHouseError('unavailable', `Companies House answered HTTP ${res.status}: GET ${path}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new CompaniesHouseError('bad_response', `Companies House sent a body that is not JSON: GET ${path}`);
      }
      if (!isDocument(body))
        throw new CompaniesHouseError('bad_response', `Companies House sent JSON that is not an object: GET ${path}`);
      return { found: true, body };
    }
  }
}
