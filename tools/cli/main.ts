#!/usr/bin/env node
// The `unshell` command: one program, subcommands for serving and building snapshots.
import { ConfigError } from '../../engine/errors/config-error.js';
import { StateLogError } from '../../engine/state/state-log-error.js';
import { SnapshotError } from '../../snapshots/format/manifest.js';
import { ImportError } from '../../snapshots/importers/importer.js';
import { JudgementsError } from '../../snapshots/build/judgements.js';
import { mcpCommand } from '../mcp/command.js';
import { packageVersion } from '../../server/version.js';
import { UsageError } from './args.js';
import { benchCommand } from './bench.js';
import { keysCommand } from './keys.js';
import { refreshCommand } from './refresh.js';
import { exportCommand } from './export.js';
import { screenCommand } from './screen.js';
import { serveCommand } from './serve.js';
import { snapshotCommand } from './snapshot.js';

const USAGE = `unshell ${packageVersion()}: open corporate- and offshore-intelligence service

Usage:
  unshell serve [--snapshot DIR] [--port N] [--host H] [--data-dir DIR]
      Serve the REST API. Without a snapshot, builds and serves the built-in demo corpus.
  unshell mcp [--snapshot DIR] [--data-dir DIR]
      The MCP tool server over stdio (stdout carries the protocol, logs go to stderr). Serves the snapshot
      in-process, as \`serve\` would; with SERVICE_API_BASE set, forwards every tool call to that REST API instead.
  unshell snapshot build --out DIR [--demo] [--synthetic N] [--records FILE ...] [--source FORMAT=PATH ...] [--retrieved-at DATE]
  unshell snapshot build --config FILE [--out DIR] [...] [--cache DIR | --no-cache] [--judgements FILE]
      Build a snapshot from the demo corpus, N synthetic entities, files of normalised records (JSON lines),
      and/or published source files read by an importer (PATH a file, or a folder holding a multi-file set).
      --config FILE holds the same choices as JSON: {"out", "demo", "synthetic", "retrieved_at", "records": [...],
      "sources": [{"format", "path"} or "FORMAT=PATH", ...], "cache"}, paths relative to the file; flags add to it.
      Parsed sources are cached by content in DIR (default: OUT.import-cache), so that a rebuild re-parses only
      the sources whose files changed. --judgements FILE applies an operator's same/different pairs.
  unshell snapshot formats     The importers' formats.
  unshell snapshot compact --out DIR [--snapshot DIR] [--data-dir DIR] [--judgements FILE] [--embed N]
      Fold the snapshot's journal of live changes into a new snapshot in DIR (links and derived facts made again
      by the build), and start its journal at each stream's timepoint. Serve DIR next: the streams resume there.
      Safe beside a running server (the journal is read, not taken); give the judgements the snapshot was built with.
  unshell keys create --name NAME [--plan keyed|free|analyst|team] [--data-dir DIR] [--json]
      Create an API key and print it, once (only its hash is stored). Plan keyed (default): the keyed limits;
      free, analyst, team: that plan's rate and batch, with no monthly cap. Works while the server runs; it
      accepts the key at once.
  unshell keys list [--data-dir DIR] [--json]      Keys: id, name, plan, account, created, revoked (never the key);
      accounts' keys (made in the account settings) show their account's plan.
  unshell keys revoke ID [--data-dir DIR]          Revoke a key by its id; a running server refuses it at once.
  unshell keys usage [--data-dir DIR] [--json]     Requests and credits per key and per anonymous client IP.
  unshell refresh sanctions [--lists OFAC,EU,UN,UK] [--snapshot DIR] [--data-dir DIR] [--json]
      Fetch the sanctions lists (UNSHELL_SANCTIONS_<LIST>_URL, default the publishers' own) and apply listings,
      delistings and changes to the snapshot's live corpus through its journal. Exit status 1 when a list was not
      applied. A running server holds the journal: there, UNSHELL_SANCTIONS_REFRESH_HOURS refreshes on a schedule.
  unshell screen --in FILE [--out FILE] [--columns name=Full Name,dob=Birth,...] [--threshold X] [--candidates N]
      Screen a list (CSV or JSON lines) against the snapshot: each row matched by the matching API's scorer, results
      as CSV or JSON lines with the snapshot and list dates, a progress bar and a summary (unshell screen --help).
  unshell export --format ftm|bods [--out FILE]
      The whole snapshot as FollowTheMoney entities or BODS 0.4 statements, JSON lines (unshell export --help).
  unshell bench [--entities demo,1000000] [--ops N] [--peers postgres] [--no-http] [--out DIR] [...]
      Benchmarks: synthetic snapshots at each scale, every workload in-process and over HTTP, against exact k-NN,
      JSON files and PostgreSQL; writes RESULTS.md and results.json (unshell bench --help for every flag).
  unshell help | --help        This text.
  unshell version | --version  The version.

Environment: UNSHELL_PORT (8080), UNSHELL_HOST (127.0.0.1), UNSHELL_SNAPSHOT, UNSHELL_DATA_DIR (.data), UNSHELL_PUBLIC_URL;
limits: UNSHELL_RATE_ANONYMOUS (60/min per IP), UNSHELL_RATE_KEYED (600/min per key), UNSHELL_BATCH_ANONYMOUS (25),
UNSHELL_BATCH_KEYED (100), UNSHELL_TRUST_PROXY (false: X-Forwarded-For ignored);
for mcp: SERVICE_API_BASE (REST API to forward to), SERVICE_API_KEY (sent as a Bearer token), SERVICE_TIMEOUT_MS (30000);
payments: UNSHELL_STRIPE_SECRET_KEY (none: test mode), UNSHELL_STRIPE_WEBHOOK_SECRET, UNSHELL_TOKEN_SECRET (generated),
UNSHELL_TOKEN_LIFETIME_DAYS (30).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serveCommand(rest);
    case 'snapshot':
      return snapshotCommand(rest);
    case 'mcp':
      return mcpCommand(rest);
    case 'keys':
      return keysCommand(rest);
    case 'refresh':
      return refreshCommand(rest);
    case 'bench':
      return benchCommand(rest);
    case 'screen':
      return screenCommand(rest);
    case 'export':
      return exportCommand(rest);
    case 'version':
    case '--version':
      console.log(packageVersion());
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) console.error(`unshell: ${err.message}\n\n${USAGE}`);
    else if (
      err instanceof ConfigError ||
      err instanceof SnapshotError ||
      err instanceof ImportError ||
      err instanceof StateLogError ||
      err instanceof JudgementsError
    )
      console.error(`unshell: ${err.message}`);
    else console.error(err);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  },
);
