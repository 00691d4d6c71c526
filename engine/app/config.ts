// The service configuration: read once from command-line flags, then UNSHELL_* variables, into a frozen object.
import { SANCTIONS_LIST_URLS, sanctionsListVariable } from '../sanctions/list-publications.js';
import path from 'node:path';
import { ConfigError } from '../errors/config-error.js';
import type { SanctionsList } from '../model/records.js';
import { RECORD_PLACEMENTS, isRecordPlacement, type RecordPlacement } from '../store/record-placement.js';

export interface Config {
  /** Port of the REST API. */
  readonly port: number;
  /** Address the REST API binds to; loopback unless told otherwise. */
  readonly host: string;
  /** Snapshot directory to serve; null: the built-in demo snapshot under `dataDir`, built on first start. */
  readonly snapshot: string | null;
  /** Operator state (demo snapshot, keys, usage, sessions) lives here. */
  readonly dataDir: string;
  /**
   * PostgreSQL that keeps the operator state instead of the data directory's files, shared by replicas
   * (UNSHELL_STATE_URL, postgres://user:password@host:port/database); null: the files.
   */
  readonly stateUrl: string | null;
  /** Base of the links the service puts in responses (its own pages for demo records). */
  readonly publicUrl: string;
  /** A secrecy-jurisdiction table to use instead of the built-in one (same JSON layout), e.g. a licensed full FSI table. */
  readonly secrecyTable: string | null;
  /** Embed the entities a snapshot left unembedded, in the background after start (persisted under `dataDir`). */
  readonly embedBackground: boolean;
  /** Where entity and relationship records are kept while serving (UNSHELL_RECORDS: memory, disk or auto). */
  readonly records: RecordPlacement;
  /**
   * Journalled live changes after which the serving process folds them into a checkpoint, a new snapshot that the
   * next start loads instead of replaying them (UNSHELL_CHECKPOINT_EVERY; 0: never). Operator state in files only.
   */
  readonly checkpointEvery: number;
  /** MCP tool server: REST API to forward to, instead of loading a snapshot in-process. */
  readonly serviceApiBase: string | null;
  readonly serviceApiKey: string | null;
  readonly serviceTimeoutMs: number;
  /** The paid dossier: payment provider and access tokens. */
  readonly payments: PaymentsConfig;
  /** Access limits per tier (CONTRACT.md §4); engine/app/accounts/plans.ts turns them into plans. */
  readonly limits: AccessLimits;
  /** Take the client address from the first X-Forwarded-For hop: only behind a proxy that sets it. */
  readonly trustProxy: boolean;
  /** Live data from the Companies House APIs. */
  readonly registry: RegistryConfig;
  /** Where the sanctions lists are fetched from, and how often the server does it. */
  readonly sanctions: SanctionsRefreshConfig;
  /** Mail to account holders (address confirmation, password reset). */
  readonly mail: MailConfig;
  /** The MCP tool server, over stdio and at /api/public/mcp. */
  readonly mcp: McpConfig;
}

export interface McpConfig {
  /**
   * Browser origins the MCP endpoint answers besides the public URL's own (UNSHELL_MCP_ORIGINS, comma-separated;
   * `*` for every origin). A request with another Origin is refused: the MCP specification's defence against DNS
   * rebinding. Requests without an Origin (programs, not browsers) are always answered.
   */
  readonly allowedOrigins: readonly string[];
  /** Full output schemas in tools/list (UNSHELL_MCP_SCHEMAS=full) instead of their outline (`compact`, the default). */
  readonly fullSchemas: boolean;
}

export interface MailConfig {
  /** SMTP server, e.g. smtps://user:pass@mail.example.org:465 (UNSHELL_SMTP_URL); null: mails go to the server log. */
  readonly smtpUrl: string | null;
  /** The sender of every mail (UNSHELL_MAIL_FROM); default unshell at the public URL's host. */
  readonly from: string;
}

export interface SanctionsRefreshConfig {
  /** Each list's publication (UNSHELL_SANCTIONS_OFAC_URL, _EU_URL, _UN_URL, _UK_URL); default the publishers' own. */
  readonly urls: Readonly<Record<SanctionsList, string>>;
  /** Hours between refreshes in a running server (UNSHELL_SANCTIONS_REFRESH_HOURS); 0, the default: only on command. */
  readonly everyHours: number;
}

export interface RegistryConfig {
  /** REST key (UNSHELL_CH_API_KEY); null: nothing is fetched, and answers say so. */
  readonly apiKey: string | null;
  /** REST origin (UNSHELL_CH_API_BASE); default the registry's. */
  readonly apiBase: string;
  /** Streaming API key (UNSHELL_CH_STREAM_KEY); null: no stream is followed. */
  readonly streamKey: string | null;
  /** Stream origin (UNSHELL_CH_STREAM_BASE); default the registry's. */
  readonly streamBase: string;
  /** A company refreshed less than this long ago is not fetched again (UNSHELL_CH_FRESHNESS_SECONDS, default 24 h). */
  readonly freshnessMs: number;
  /** How long a lookup waits for the registry before answering from the snapshot (UNSHELL_CH_DEADLINE_MS, 2000). */
  readonly deadlineMs: number;
  /** Requests per window the key may make (UNSHELL_CH_BUDGET, 600), and the window (UNSHELL_CH_WINDOW_SECONDS, 300). */
  readonly budget: number;
  readonly windowMs: number;
  /** The share of the budget one caller may take per window (UNSHELL_CH_CALLER_SHARE, 0.1). */
  readonly callerShare: number;
  /** How many levels of corporate PSCs a refresh climbs (UNSHELL_CH_MAX_DEPTH, 3). */
  readonly maxDepth: number;
}

/** The registry's own origins. */
export const COMPANIES_HOUSE_REST = 'https://api.company-information.service.gov.uk';
export const COMPANIES_HOUSE_STREAM = 'https://stream.companieshouse.gov.uk';

export interface PaymentsConfig {
  /** Stripe secret key (UNSHELL_STRIPE_SECRET_KEY); null: the built-in test-mode checkout page, no real payment. */
  readonly stripeSecretKey: string | null;
  /** Signing secret of the Stripe webhook endpoint (UNSHELL_STRIPE_WEBHOOK_SECRET); null: claims confirm with Stripe directly. */
  readonly stripeWebhookSecret: string | null;
  /** For testing only: a Stripe-compatible API to talk to instead of api.stripe.com (UNSHELL_STRIPE_API_BASE). */
  readonly stripeApiBase: string | null;
  /** HMAC secret of access tokens (UNSHELL_TOKEN_SECRET); null: generated into the data dir on first start. */
  readonly tokenSecret: string | null;
  /** How long an access token unlocks its entity (UNSHELL_TOKEN_LIFETIME_DAYS, default 30). */
  readonly tokenLifetimeDays: number;
  /** How often metered credits are reported to Stripe (UNSHELL_METER_INTERVAL_SECONDS, default 60). */
  readonly meterIntervalSeconds: number;
}

export interface AccessLimits {
  /** Requests per minute of an anonymous caller, per client IP. */
  readonly anonymousRate: number;
  /** Requests per minute of a caller with an API key, per key. */
  readonly keyedRate: number;
  readonly anonymousBatch: number;
  readonly keyedBatch: number;
  /** Requests one client (an API key, or an anonymous IP) may have in flight at once; more are answered 429. */
  readonly maxInFlight: number;
}

/** The resolve schema's own ceiling (the specification's maximum): no configured batch limit may exceed it. */
export const MAX_RESOLVE_BATCH = 100;

export interface ConfigFlags {
  port?: string | undefined;
  host?: string | undefined;
  snapshot?: string | undefined;
  dataDir?: string | undefined;
}

function port(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 0 || n > 65535)
    throw new ConfigError(`${name} must be a port number 0-65535, got "${value}"`);
  return n;
}

function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n <= 0) throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function countOrOff(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a whole number (0: off), got "${value}"`);
  return Number(value);
}

function batchLimit(value: string, name: string): number {
  const n = positiveInt(value, name);
  if (n > MAX_RESOLVE_BATCH) throw new ConfigError(`${name} must be at most ${MAX_RESOLVE_BATCH}, got "${value}"`);
  return n;
}

function flag(value: string, name: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

/**
 * A checkpoint of this many changes takes a few seconds to replay at start (about 200 µs a change at 1M entities),
 * and a fold of them is rare where live data arrives at the registry's pace (a few events a second).
 */
const DEFAULT_CHECKPOINT_EVERY = 25_000;

/** Flags win over the environment; the environment wins over defaults. */
export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const pick = (flag: string | undefined, variable: string): string | undefined => {
    const v = flag ?? env[variable];
    return v === undefined || v === '' ? undefined : v;
  };
  const portValue = pick(flags.port, 'UNSHELL_PORT');
  const resolvedPort =
    portValue === undefined ? 8080 : port(portValue, flags.port === undefined ? 'UNSHELL_PORT' : '--port');
  const host = pick(flags.host, 'UNSHELL_HOST') ?? '127.0.0.1';
  const snapshot = pick(flags.snapshot, 'UNSHELL_SNAPSHOT');
  const dataDir = path.resolve(pick(flags.dataDir, 'UNSHELL_DATA_DIR') ?? '.data');
  const stateUrl = pick(undefined, 'UNSHELL_STATE_URL') ?? null;
  if (stateUrl !== null && !/^postgres(ql)?:\/\/[^\s]+$/.test(stateUrl))
    throw new ConfigError(`UNSHELL_STATE_URL must be a postgres:// URL, got "${stateUrl.replace(/:[^:@/]*@/, ':…@')}"`);
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const publicUrl = (pick(undefined, 'UNSHELL_PUBLIC_URL') ?? `http://${publicHost}:${resolvedPort}`).replace(
    /\/+$/,
    '',
  );
  const timeout = pick(undefined, 'SERVICE_TIMEOUT_MS');
  const secrecyTable = pick(undefined, 'UNSHELL_SECRECY_TABLE');
  const limit = (variable: string, fallback: number, parse: (v: string, name: string) => number): number => {
    const v = pick(undefined, variable);
    return v === undefined ? fallback : parse(v, variable);
  };
  const trustProxy = pick(undefined, 'UNSHELL_TRUST_PROXY');
  // UNSHELL_EMBED_BACKGROUND=off keeps coverage at what the snapshot (and earlier runs) embedded.
  const embedBackground = flag(pick(undefined, 'UNSHELL_EMBED_BACKGROUND') ?? 'on', 'UNSHELL_EMBED_BACKGROUND');
  const records = pick(undefined, 'UNSHELL_RECORDS') ?? 'auto';
  if (!isRecordPlacement(records))
    throw new ConfigError(`UNSHELL_RECORDS must be one of ${RECORD_PLACEMENTS.join(', ')}, got "${records}"`);
  return Object.freeze({
    port: resolvedPort,
    host,
    snapshot: snapshot === undefined ? null : path.resolve(snapshot),
    dataDir,
    stateUrl,
    publicUrl,
    secrecyTable: secrecyTable === undefined ? null : path.resolve(secrecyTable),
    embedBackground,
    records,
    checkpointEvery: limit('UNSHELL_CHECKPOINT_EVERY', DEFAULT_CHECKPOINT_EVERY, countOrOff),
    serviceApiBase: pick(undefined, 'SERVICE_API_BASE') ?? null,
    serviceApiKey: pick(undefined, 'SERVICE_API_KEY') ?? null,
    serviceTimeoutMs: timeout === undefined ? 30_000 : positiveInt(timeout, 'SERVICE_TIMEOUT_MS'),
    payments: paymentsConfig((variable) => pick(undefined, variable)),
    limits: Object.freeze({
      // Anonymous requests per minute per client IP.
      anonymousRate: limit('UNSHELL_RATE_ANONYMOUS', 60, positiveInt),
      // Requests per minute per API key of the `keyed` plan.
      keyedRate: limit('UNSHELL_RATE_KEYED', 600, positiveInt),
      // Largest resolve batch of an anonymous caller (and of a `free`-plan key).
      anonymousBatch: limit('UNSHELL_BATCH_ANONYMOUS', 25, batchLimit),
      // Largest resolve batch of a `keyed`-plan key.
      keyedBatch: limit('UNSHELL_BATCH_KEYED', MAX_RESOLVE_BATCH, batchLimit),
      // Requests in flight at once per client (API key or anonymous IP).
      maxInFlight: limit('UNSHELL_MAX_IN_FLIGHT', 64, positiveInt),
    }),
    // Set only behind a reverse proxy that overwrites X-Forwarded-For; otherwise clients could pick their own IP.
    trustProxy: trustProxy === undefined ? false : flag(trustProxy, 'UNSHELL_TRUST_PROXY'),
    registry: registryConfig((variable) => pick(undefined, variable)),
    sanctions: sanctionsConfig((variable) => pick(undefined, variable)),
    mail: mailConfig((variable) => pick(undefined, variable), publicUrl),
    mcp: mcpConfig((variable) => pick(undefined, variable), publicUrl),
  });
}

function mcpConfig(read: (variable: string) => string | undefined, publicUrl: string): McpConfig {
  const listed = (read('UNSHELL_MCP_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  const origins = listed.map((o) => (o === '*' ? o : originOf(o, 'UNSHELL_MCP_ORIGINS')));
  const schemas = read('UNSHELL_MCP_SCHEMAS') ?? 'compact';
  if (schemas !== 'compact' && schemas !== 'full')
    throw new ConfigError(`UNSHELL_MCP_SCHEMAS must be compact or full, got "${schemas}"`);
  return Object.freeze({
    allowedOrigins: Object.freeze([originOf(publicUrl, 'UNSHELL_PUBLIC_URL'), ...origins]),
    fullSchemas: schemas === 'full',
  });
}

/** A URL's origin as browsers send it in the Origin header (scheme, host and a port other than the default). */
function originOf(url: string, name: string): string {
  try {
    const { origin } = new URL(url);
    if (origin !== 'null') return origin;
  } catch {
    // refused below
  }
  throw new ConfigError(`${name} must hold http(s) origins such as https://app.example.org, got "${url}"`);
}

function mailConfig(read: (variable: string) => string | undefined, publicUrl: string): MailConfig {
  const smtpUrl = read('UNSHELL_SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl))
    throw new ConfigError(
      `UNSHELL_SMTP_URL must be an smtp:// or smtps:// URL, got "${smtpUrl.replace(/:[^:@/]*@/, ':…@')}"`,
    );
  return Object.freeze({
    smtpUrl,
    from: read('UNSHELL_MAIL_FROM') ?? `unshell <no-reply@${new URL(publicUrl).hostname}>`,
  });
}

function url(value: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http or https URL, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http or https URL, got "${value}"`);
  return value;
}

function hours(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value)) throw new ConfigError(`${name} must be a number of hours (0: off), got "${value}"`);
  return n;
}

function sanctionsConfig(read: (variable: string) => string | undefined): SanctionsRefreshConfig {
  const at = (list: SanctionsList): string => {
    const variable = sanctionsListVariable(list);
    const v = read(variable);
    return v === undefined ? SANCTIONS_LIST_URLS[list] : url(v, variable);
  };
  const every = read('UNSHELL_SANCTIONS_REFRESH_HOURS');
  return Object.freeze({
    urls: Object.freeze({ OFAC: at('OFAC'), EU: at('EU'), UN: at('UN'), UK: at('UK') }),
    everyHours: every === undefined ? 0 : hours(every, 'UNSHELL_SANCTIONS_REFRESH_HOURS'),
  });
}

function origin(value: string, name: string): string {
  if (!/^https?:\/\/[^/]+\/?$/.test(value))
    throw new ConfigError(`${name} must be an origin such as https://api.example.org, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function share(value: string, name: string): number {
  const n = Number(value);
  if (!/^(0?\.\d+|1(\.0+)?)$/.test(value) || n <= 0 || n > 1)
    throw new ConfigError(`${name} must be a fraction above 0 and at most 1, such as 0.1, got "${value}"`);
  return n;
}

function registryConfig(read: (variable: string) => string | undefined): RegistryConfig {
  const value = <T>(variable: string, fallback: T, parse: (v: string, name: string) => T): T => {
    const v = read(variable);
    return v === undefined ? fallback : parse(v, variable);
  };
  return Object.freeze({
    apiKey: read('UNSHELL_CH_API_KEY') ?? null,
    apiBase: value('UNSHELL_CH_API_BASE', COMPANIES_HOUSE_REST, origin),
    streamKey: read('UNSHELL_CH_STREAM_KEY') ?? null,
    streamBase: value('UNSHELL_CH_STREAM_BASE', COMPANIES_HOUSE_STREAM, origin),
    freshnessMs: value('UNSHELL_CH_FRESHNESS_SECONDS', 86_400, positiveInt) * 1000,
    deadlineMs: value('UNSHELL_CH_DEADLINE_MS', 2_000, positiveInt),
    budget: value('UNSHELL_CH_BUDGET', 600, positiveInt),
    windowMs: value('UNSHELL_CH_WINDOW_SECONDS', 300, positiveInt) * 1000,
    callerShare: value('UNSHELL_CH_CALLER_SHARE', 0.1, share),
    maxDepth: value('UNSHELL_CH_MAX_DEPTH', 3, positiveInt),
  });
}

/** Token secrets shorter than this are refused: the HMAC is only as strong as its key. */
export const MIN_TOKEN_SECRET_LENGTH = 32;

function paymentsConfig(read: (variable: string) => string | undefined): PaymentsConfig {
  const tokenSecret = read('UNSHELL_TOKEN_SECRET') ?? null;
  if (tokenSecret !== null && tokenSecret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new ConfigError(
      `UNSHELL_TOKEN_SECRET must be at least ${MIN_TOKEN_SECRET_LENGTH} characters, got ${tokenSecret.length}`,
    );
  }
  const lifetime = read('UNSHELL_TOKEN_LIFETIME_DAYS');
  const meterInterval = read('UNSHELL_METER_INTERVAL_SECONDS');
  const apiBase = read('UNSHELL_STRIPE_API_BASE') ?? null;
  if (apiBase !== null && !/^https?:\/\/[^/]+\/?$/.test(apiBase)) {
    throw new ConfigError(`UNSHELL_STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111, got "${apiBase}"`);
  }
  return Object.freeze({
    stripeSecretKey: read('UNSHELL_STRIPE_SECRET_KEY') ?? null,
    stripeWebhookSecret: read('UNSHELL_STRIPE_WEBHOOK_SECRET') ?? null,
    stripeApiBase: apiBase,
    tokenSecret,
    tokenLifetimeDays: lifetime === undefined ? 30 : positiveInt(lifetime, 'UNSHELL_TOKEN_LIFETIME_DAYS'),
    meterIntervalSeconds:
      meterInterval === undefined ? 60 : positiveInt(meterInterval, 'UNSHELL_METER_INTERVAL_SECONDS'),
  });
}

/** Where the built-in demo snapshot lives when no snapshot is configured. */
export function demoSnapshotDir(config: Config): string {
  return path.join(config.dataDir, 'snapshots', 'demo');
}
