// `unshell keys`: create, list and revoke API keys, and report metered usage; safe to run beside a running server.
import { isKeyId } from '../../engine/app/accounts/api-key.js';
import { AccountStore } from '../../engine/app/accounts/account-store.js';
import { KeyStore, type KeyRecord } from '../../engine/app/accounts/key-store.js';
import { DEFAULT_KEY_PLAN, KEY_PLANS, isKeyPlan } from '../../engine/app/accounts/plans.js';
import { UsageStore } from '../../engine/app/accounts/usage-store.js';
import { loadConfig } from '../../engine/app/config.js';
import { prepareDataDirectory } from '../../engine/app/data-directory.js';
import { UsageError, parseFlags } from './args.js';

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
function withAccountPlans(dataDir: string, keys: KeyRecord[]): KeyRecord[] {
  if (keys.every((k) => k.account === null)) return keys;
  const accounts = AccountStore.open(dataDir, { readOnly: true });
  try {
    return keys.map((k) => {
      const plan = k.account === null ? undefined : accounts.byId(k.account)?.plan;
      return plan === undefined ? k : { ...k, plan };
    });
  } finally {
    accounts.close();
  }
}

export function keysCommand(args: string[]): number {
  const [sub, ...rest] = args;
  const { values, positionals } = parseFlags(rest, {
    name: { type: 'string' },
    plan: { type: 'string' },
    json: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  });
  const config = loadConfig({ dataDir: values['data-dir'] });
  switch (sub) {
    case 'create': {
      const name = values.name?.trim();
      if (name === undefined || name === '')
        throw new UsageError('keys create needs --name NAME (who or what the key is for)');
      // Control characters would garble `keys list` and the logs.
      const control = [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f');
      if (name.length > 200 || control) throw new UsageError('--name must be at most 200 printable characters');
      const plan = values.plan ?? DEFAULT_KEY_PLAN;
      if (!isKeyPlan(plan)) throw new UsageError(`--plan must be one of ${KEY_PLANS.join(', ')}, got "${plan}"`);
      prepareDataDirectory(config.dataDir);
      const store = KeyStore.open(config.dataDir);
      try {
        const { key, record } = store.create(name, plan);
        if (values.json) out(JSON.stringify({ key, ...publicView(record) }));
        else {
          out(`created ${record.id} (${record.name}, plan ${record.plan})`);
          out(`key: ${key}`);
          out(
            'This key is shown only once and only its hash is stored: keep it now. Send it as "Authorization: Bearer <key>".',
          );
        }
      } finally {
        store.close();
      }
      return 0;
    }
    case 'list': {
      const store = KeyStore.open(config.dataDir, { readOnly: true });
      const keys = withAccountPlans(config.dataDir, store.list());
      store.close();
      if (values.json) out(JSON.stringify(keys.map(publicView)));
      else
        out(
          table(
            ['id', 'name', 'plan', 'account', 'created', 'revoked'],
            keys.map((k) => [k.id, k.name, k.plan, k.account ?? '-', k.created_at, k.revoked_at ?? '-']),
          ),
        );
      return 0;
    }
    case 'revoke': {
      const [id] = positionals;
      if (id === undefined || !isKeyId(id))
        throw new UsageError(
          `keys revoke needs a key id (key_ and 12 hex digits, as \`keys list\` shows), got "${id ?? ''}"`,
        );
      prepareDataDirectory(config.dataDir);
      const store = KeyStore.open(config.dataDir);
      try {
        const record = store.revoke(id);
        if (record === null) {
          console.error(`unshell: no key ${id} in ${config.dataDir}`);
          return 1;
        }
        out(
          values.json
            ? JSON.stringify(publicView(record))
            : `revoked ${record.id} (${record.name}) at ${record.revoked_at ?? '?'}`,
        );
      } finally {
        store.close();
      }
      return 0;
    }
    case 'usage': {
      const keys = KeyStore.open(config.dataDir, { readOnly: true });
      const names = new Map(keys.list().map((k) => [k.id, k]));
      keys.close();
      const usage = UsageStore.open(config.dataDir, { readOnly: true });
      const report = usage.report();
      usage.close();
      if (values.json) {
        out(JSON.stringify(report));
        return 0;
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
      return 0;
    }
    default:
      throw new UsageError(
        sub === undefined
          ? 'keys needs a subcommand: create, list, revoke or usage'
          : `unknown keys subcommand "${sub}"`,
      );
  }
}
