// `unshell keys`: create, list and revoke API keys, and report metered usage; safe to run beside a running server.
import { isKeyId } from '../../engine/app/accounts/api-key.js';
import { AccountStore } from '../../engine/app/accounts/account-store.js';
import { KeyStore, type KeyRecord } from '../../engine/app/accounts/key-store.js';
import { DEFAULT_KEY_PLAN, KEY_PLANS } from '../../engine/app/accounts/plans.js';
import { UsageStore } from '../../engine/app/accounts/usage-store.js';
import { loadConfig } from '../../engine/app/config.js';
import { prepareDataDirectory } from '../../engine/app/data-directory.js';
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from './args.js';
import { commandGroup } from './command-group.js';
import { exits } from './exits.js';
import { shownPath } from './shown-path.js';
import type { StateLogs } from '../../engine/state/state-log.js';
import { withStateLogs } from './with-state-logs.js';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Columns padded to their widest cell: readable in a terminal, splittable on runs of spaces. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const publicView = (k: KeyRecord): Omit<KeyRecord, 'hash'> => ({
  id: k.id,
  name: k.name,
  plan: k.plan,
  account: k.account,
  created_at: k.created_at,
  revoked_at: k.revoked_at,
});

/** Keys as they stand: an account's key shows its account's plan now, which a subscription may have changed. */
function withAccountPlans(logs: StateLogs, keys: KeyRecord[]): KeyRecord[] {
  if (keys.every((k) => k.account === null)) return keys;
  const accounts = AccountStore.open(logs, { readOnly: true });
  try {
    return keys.map((k) => {
      const plan = k.account === null ? undefined : accounts.byId(k.account)?.plan;
      return plan === undefined ? k : { ...k, plan };
    });
  } finally {
    accounts.close();
  }
}

const DATA_DIR_HELP = 'the data directory of the server (UNSHELL_DATA_DIR, default .data)';

function createCommand(): CommandUnknownOpts {
  return new Command('create')
    .description('Create an API key and print it, once (only its hash is stored). A running server accepts it at once.')
    .requiredOption('--name <name>', 'who or what the key is for')
    .addOption(
      new Option(
        '--plan <plan>',
        "keyed: the keyed limits; free, analyst, team: that plan's rate and batch, with no monthly cap",
      )
        .choices(KEY_PLANS)
        .default(DEFAULT_KEY_PLAN),
    )
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--json', 'print the key and its record as JSON')
    .action(async (options) => {
      const name = options.name.trim();
      if (name === '') throw new UsageError('keys create needs --name NAME (who or what the key is for)');
      // Control characters would garble `keys list` and the logs.
      const control = [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f');
      if (name.length > 200 || control) throw new UsageError('--name must be at most 200 printable characters');
      const config = loadConfig({ dataDir: options.dataDir });
      prepareDataDirectory(config.dataDir);
      const { key, record } = await withStateLogs(config, (logs) => {
        const store = KeyStore.open(logs);
        try {
          return store.create(name, options.plan);
        } finally {
          store.close();
        }
      });
      if (options.json === true) out(JSON.stringify({ key, ...publicView(record) }));
      else {
        out(`created ${record.id} (${record.name}, plan ${record.plan})`);
        out(`key: ${key}`);
        out(
          'This key is shown only once and only its hash is stored: keep it now. Send it as "Authorization: Bearer <key>".',
        );
      }
    });
}

function listCommand(): CommandUnknownOpts {
  return new Command('list')
    .description("Keys: id, name, plan, account, created, revoked (never the key); an account's keys show its plan.")
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--json', 'print the keys as JSON')
    .action(async (options) => {
      const config = loadConfig({ dataDir: options.dataDir });
      const keys = await withStateLogs(config, (logs) => {
        const store = KeyStore.open(logs, { readOnly: true });
        try {
          return withAccountPlans(logs, store.list());
        } finally {
          store.close();
        }
      });
      if (options.json === true) out(JSON.stringify(keys.map(publicView)));
      else
        out(
          table(
            ['id', 'name', 'plan', 'account', 'created', 'revoked'],
            keys.map((k) => [k.id, k.name, k.plan, k.account ?? '-', k.created_at, k.revoked_at ?? '-']),
          ),
        );
    });
}

function revokeCommand(): CommandUnknownOpts {
  return new Command('revoke')
    .description('Revoke a key by its id; a running server refuses it at once.')
    .argument('<id>', 'the key id (key_ and 12 hex digits, as keys list shows)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--json', 'print the revoked record as JSON')
    .action(
      exits(async (id, options) => {
        if (!isKeyId(id))
          throw new UsageError(
            `keys revoke needs a key id (key_ and 12 hex digits, as \`keys list\` shows), got "${id}"`,
          );
        const config = loadConfig({ dataDir: options.dataDir });
        prepareDataDirectory(config.dataDir);
        return withStateLogs(config, (logs) => {
          const store = KeyStore.open(logs);
          try {
            const record = store.revoke(id);
            if (record === null) {
              const where = logs.shared ? logs.place : shownPath(config.dataDir);
              console.error(`unshell: no key ${id} in ${where} (unshell keys list shows them)`);
              return 1;
            }
            out(
              options.json === true
                ? JSON.stringify(publicView(record))
                : `revoked ${record.id} (${record.name}) at ${record.revoked_at ?? '?'}`,
            );
            return 0;
          } finally {
            store.close();
          }
        });
      }),
    );
}

function usageCommand(): CommandUnknownOpts {
  return new Command('usage')
    .description('Requests and credits per key and per anonymous client IP, in all and today.')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--json', 'print the usage as JSON')
    .action(async (options) => {
      const config = loadConfig({ dataDir: options.dataDir });
      const { names, report } = await withStateLogs(config, (logs) => {
        const keys = KeyStore.open(logs, { readOnly: true });
        const usage = UsageStore.open(logs, { readOnly: true });
        try {
          return { names: new Map(keys.list().map((k) => [k.id, k])), report: usage.report() };
        } finally {
          keys.close();
          usage.close();
        }
      });
      if (options.json === true) {
        out(JSON.stringify(report));
        return;
      }
      const today = new Date().toISOString().slice(0, 10);
      const rows = report.map((u) => {
        const key = u.subject.startsWith('key:') ? names.get(u.subject.slice(4)) : undefined;
        const t = u.days.find((d) => d.day === today);
        return [
          u.subject,
          key?.name ?? '',
          String(u.total.requests),
          String(u.total.credits),
          String(t?.requests ?? 0),
          String(t?.credits ?? 0),
          u.days[0]?.day ?? '',
        ];
      });
      out(table(['caller', 'name', 'requests', 'credits', 'requests today', 'credits today', 'last day'], rows));
    });
}

export function keysCommand(): CommandUnknownOpts {
  return commandGroup(
    new Command('keys')
      .description('Create, list and revoke API keys, and report metered usage; safe beside a running server.')
      .addCommand(createCommand())
      .addCommand(listCommand())
      .addCommand(revokeCommand())
      .addCommand(usageCommand()),
  );
}
