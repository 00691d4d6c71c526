// The service configuration: read once from command-line flags, then UNSHELL_* variables, into a frozen object.
import path from 'node:path';

export interface Config {
  /** Port of the REST API. */
  readonly port: number;
  /** Address the REST API binds to; loopback unless told otherwise. */
  readonly host: string;
  /** Snapshot directory to serve; null: the built-in demo snapshot under `dataDir`, built on first start. */
  readonly snapshot: string | null;
  /** Operator state (demo snapshot, keys, usage, sessions) lives here. */
  readonly dataDir: string;
  /** Base of the links the service puts in responses (its own pages for demo records). */
  readonly publicUrl: string;
  /** A secrecy-jurisdiction table to use instead of the built-in one (same JSON layout), e.g. a licensed full FSI table. */
  readonly secrecyTable: string | null;
  /** Embed the entities a snapshot left unembedded, in the background after start (persisted under `dataDir`). */
  readonly embedBackground: boolean;
  /** MCP tool server: REST API to forward to, instead of loading a snapshot in-process. */
  readonly serviceApiBase: string | null;
  readonly serviceApiKey: string | null;
  readonly serviceTimeoutMs: number;
}

export interface ConfigFlags {
  port?: string | undefined;
  host?: string | undefined;
  snapshot?: string | undefined;
  dataDir?: string | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function port(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 0 || n > 65535) throw new ConfigError(`${name} must be a port number 0-65535, got "${value}"`);
  return n;
}

function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n <= 0) throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function onOff(value: string, name: string): boolean {
  const v = value.toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be on or off, got "${value}"`);
}

/** Flags win over the environment; the environment wins over defaults. */
export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const pick = (flag: string | undefined, variable: string): string | undefined => {
    const v = flag ?? env[variable];
    return v === undefined || v === '' ? undefined : v;
  };
  const portValue = pick(flags.port, 'UNSHELL_PORT');
  const resolvedPort = portValue === undefined ? 8080 : port(portValue, flags.port === undefined ? 'UNSHELL_PORT' : '--port');
  const host = pick(flags.host, 'UNSHELL_HOST') ?? '127.0.0.1';
  const snapshot = pick(flags.snapshot, 'UNSHELL_SNAPSHOT');
  const dataDir = path.resolve(pick(flags.dataDir, 'UNSHELL_DATA_DIR') ?? '.data');
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const publicUrl = (pick(undefined, 'UNSHELL_PUBLIC_URL') ?? `http://${publicHost}:${resolvedPort}`).replace(/\/+$/, '');
  const timeout = pick(undefined, 'SERVICE_TIMEOUT_MS');
  const secrecyTable = pick(undefined, 'UNSHELL_SECRECY_TABLE');
  // UNSHELL_EMBED_BACKGROUND=off keeps coverage at what the snapshot (and earlier runs) embedded.
  const embedBackground = onOff(pick(undefined, 'UNSHELL_EMBED_BACKGROUND') ?? 'on', 'UNSHELL_EMBED_BACKGROUND');
  return Object.freeze({
    port: resolvedPort,
    host,
    snapshot: snapshot === undefined ? null : path.resolve(snapshot),
    dataDir,
    publicUrl,
    secrecyTable: secrecyTable === undefined ? null : path.resolve(secrecyTable),
    embedBackground,
    serviceApiBase: pick(undefined, 'SERVICE_API_BASE') ?? null,
    serviceApiKey: pick(undefined, 'SERVICE_API_KEY') ?? null,
    serviceTimeoutMs: timeout === undefined ? 30_000 : positiveInt(timeout, 'SERVICE_TIMEOUT_MS'),
  });
}

/** Where the built-in demo snapshot lives when no snapshot is configured. */
export function demoSnapshotDir(config: Config): string {
  return path.join(config.dataDir, 'snapshots', 'demo');
}
