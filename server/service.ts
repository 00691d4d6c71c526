// Runs the service: listens at once, answers 503 until the snapshot is loaded, builds the demo snapshot on first start.
import { NO_PROGRESS, type PassProgress } from '../engine/runtime/pass-progress.js';
import type { Server } from 'node:http';
import { Access } from '../engine/app/accounts/access.js';
import { CAPABILITIES } from '../engine/app/capabilities/registry.js';
import { secrecyTable } from '../engine/offshore/secrecy-table.js';
import type { Config } from '../engine/app/config.js';
import { prepareDataDirectory } from '../engine/app/data-directory.js';
import { ConfigError } from '../engine/errors/config-error.js';
import { PaymentService } from '../engine/app/billing/payment-service.js';
import { tokenSecret } from '../engine/app/billing/token-secret.js';
import { AccountKeys } from '../engine/app/accounts/account-keys.js';
import { AccountBilling } from '../engine/app/billing/account-billing.js';
import { BillingStore } from '../engine/app/billing/billing-store.js';
import { MeterLog } from '../engine/app/billing/meter-log.js';
import { MeterReporter, TEST_METER_SENDER } from '../engine/app/billing/meter-reporter.js';
import { TestPurchaseCheckout } from '../engine/app/billing/test-provider.js';
import { StripeAccountEvents } from '../engine/app/external/stripe-account-events.js';
import { StripeMeterSender } from '../engine/app/external/stripe-meter.js';
import { StripeSubscriptionControl } from '../engine/app/external/stripe-subscriptions.js';
import { StripePurchaseCheckout } from '../engine/app/external/stripe-purchases.js';
import { AccountService } from '../engine/app/accounts/account-service.js';
import { AccountStore } from '../engine/app/accounts/account-store.js';
import { mailerFor } from '../engine/app/accounts/mailer.js';
import { SessionStore } from '../engine/app/accounts/session-store.js';
import { LiveData } from '../engine/app/live/live-data.js';
import type { Corpus } from '../engine/corpus.js';
import type { BackgroundEmbedding } from '../engine/semantic/background.js';
import { createApp, type ServiceState } from './http/app.js';
import { closeGracefully, createHttpServer } from './http/http-server.js';
import { LiveCheckpoints } from './live-checkpoints.js';
import { loadCorpus } from './load-corpus.js';
import { startSanctionsSchedule, type SanctionsSchedule } from './sanctions-schedule.js';
import { packageVersion } from './version.js';
import { openStateLogs } from '../engine/app/state/open-state-logs.js';

export interface RunningService {
  server: Server;
  port: number;
  state: ServiceState;
  payments: PaymentService;
  /** Settles when the corpus is loaded (or fails to load). */
  ready: Promise<Corpus>;
  /** Stops accepting, lets requests in flight finish for up to `graceMs` (default 0: at once), closes every log. */
  close(graceMs?: number): Promise<void>;
}

/** Why the port could not be opened, as the setting to change: a port in use is a configuration problem. */
function listenError(err: NodeJS.ErrnoException, config: Config): Error {
  const where = `${config.host}:${config.port}`;
  if (err.code === 'EADDRINUSE')
    return new ConfigError(`cannot listen on ${where}: the port is in use; choose another with --port or UNSHELL_PORT`);
  if (err.code === 'EACCES')
    return new ConfigError(`cannot listen on ${where}: permission denied; use a port above 1023 or a proxy in front`);
  if (err.code === 'EADDRNOTAVAIL')
    return new ConfigError(`cannot listen on ${where}: no such address on this machine; check --host or UNSHELL_HOST`);
  return err;
}

export async function startService(
  config: Config,
  log: (line: string) => void,
  progress: PassProgress = NO_PROGRESS,
): Promise<RunningService> {
  // An operator's secrecy table is read and checked once, here, so that a bad file stops the start, not a request.
  secrecyTable(config.secrecyTable);
  prepareDataDirectory(config.dataDir);
  const state: ServiceState = { corpus: null, live: null, loadError: null };
  // The operator state is opened (a corrupt log or an unreachable database refused) before the port is.
  const stateLogs = await openStateLogs(config, { listen: true, rates: true, log });
  const logs = stateLogs.logs;
  log(`state: ${logs.shared ? `shared by replicas in ${logs.place}` : `files in ${logs.place}`}`);
  // Links to the checkout page use the public URL; one derived from port 0 (tests) is fixed once the port is known.
  let pageBase = config.publicUrl;
  const payments = PaymentService.open(config, logs, { log, pageBase: () => Promise.resolve(pageBase) });
  log(
    `payments: ${payments.mode === 'test' ? 'TEST MODE (no Stripe key): checkouts are paid on the built-in test page' : 'Stripe Checkout'}`,
  );
  // In test mode anyone can buy a report for nothing: fine on loopback, worth a warning anywhere else.
  if (payments.mode === 'test' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    log(
      `warning: listening on ${config.host} in payment TEST MODE: anyone reaching this server can unlock reports without paying; set UNSHELL_STRIPE_SECRET_KEY`,
    );
  }
  const accountStores = { accounts: AccountStore.open(logs), sessions: SessionStore.open(logs) };
  const access = Access.open(config, logs, {
    accounts: accountStores.accounts,
    limiter: { sharing: stateLogs.rates },
  });
  const { limits } = config;
  const live = access.keys.list().filter((k) => k.revoked_at === null).length;
  log(
    `access: ${live} API key(s) in ${logs.place}; ${limits.anonymousRate}/min per anonymous IP, ${limits.keyedRate}/min per key; ` +
      `X-Forwarded-For ${config.trustProxy ? 'trusted' : 'ignored'}`,
  );
  const mailer = mailerFor(config.mail, log);
  // One Stripe client for the service: the guest checkout's, shared by accounts' purchases, subscriptions and meter.
  const stripe = payments.stripe?.client ?? null;
  const billing = new AccountBilling(
    new BillingStore(logs),
    accountStores.accounts,
    stripe === null
      ? new TestPurchaseCheckout(() => Promise.resolve(pageBase))
      : new StripePurchaseCheckout(stripe, config.publicUrl),
    config.payments.tokenLifetimeDays,
    stripe === null ? null : new StripeSubscriptionControl(stripe),
  );
  const accounts = new AccountService({
    ...accountStores,
    keys: new AccountKeys(access.keys, access.usage, access.credits),
    beforeDelete: (account, now) => billing.closeAccount(account, now),
    mailer,
    secret: tokenSecret(config, logs),
    pageBase: () => pageBase,
    log,
  });
  log(
    `accounts: ${accountStores.accounts.count} in ${logs.place}; mail ${mailer.via === 'smtp' ? 'over SMTP (UNSHELL_SMTP_URL)' : 'into this log (no UNSHELL_SMTP_URL)'}`,
  );
  if (stripe !== null && config.payments.stripeWebhookSecret === null)
    log(
      "warning: UNSHELL_STRIPE_SECRET_KEY without UNSHELL_STRIPE_WEBHOOK_SECRET: accounts' packs and plans are applied only by Stripe's webhook, so none will be; set the endpoint's signing secret",
    );
  billing.reconcile(new Date());
  // Test-mode subscriptions end and renew at their period's end with nobody to say so but this timer.
  const settling = setInterval(() => billing.settleAll(new Date()), 60_000);
  settling.unref();
  const meterLog = new MeterLog(logs);
  const meter = new MeterReporter({
    log: meterLog,
    accounts: accountStores.accounts,
    credits: access.credits,
    sender: stripe === null ? TEST_METER_SENDER : new StripeMeterSender(stripe),
    customerOf: (account) => billing.subscriptionRecord(account)?.customer_ref ?? null,
    warn: log,
  });
  const closeAccounts = (): void => {
    clearInterval(settling);
    meterLog.close();
    billing.close();
    accountStores.accounts.close();
    accountStores.sessions.close();
  };
  const app = createApp({
    config,
    state,
    capabilities: CAPABILITIES,
    version: packageVersion(),
    log,
    payments,
    access,
    accounts,
    billing,
    ...(stripe === null ? {} : { accountEvents: new StripeAccountEvents(billing, stripe, log) }),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createHttpServer(app).listen(config.port, config.host);
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      // The logs opened above are let go, so that the process can exit with the one line that says why.
      payments.close();
      access.close();
      closeAccounts();
      void stateLogs.close();
      reject(listenError(err, config));
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  if (config.port === 0 && pageBase.endsWith(':0')) pageBase = `${pageBase.slice(0, -1)}${port}`;
  log(`listening on http://${config.host}:${port} (loading snapshot; /readyz answers 503 until it is loaded)`);
  meter.start(config.payments.meterIntervalSeconds * 1000);
  let background: BackgroundEmbedding | null = null;
  let sanctions: { stop(): Promise<void> } | null = null;
  let refreshing: SanctionsSchedule | null = null;
  let checkpoints: LiveCheckpoints | null = null;
  const ready = (async (): Promise<Corpus> => {
    try {
      const loaded = await loadCorpus(config, log, progress);
      background = loaded.background;
      // The journal replays before the corpus is served: no answer ever comes from the snapshot without its changes.
      const live = LiveData.open(
        config,
        loaded.corpus,
        log,
        progress,
        { logs, leadership: stateLogs.leadership, budget: stateLogs.budget },
        loaded.served.journal,
      );
      state.live = live;
      // A journal shared by replicas is folded by the operator (`unshell snapshot compact`), not by each replica.
      if (config.checkpointEvery > 0 && !logs.shared) {
        checkpoints = new LiveCheckpoints({
          dataDir: config.dataDir,
          of: loaded.of,
          served: loaded.served,
          journal: live.journal,
          every: config.checkpointEvery,
          keepRefreshesFor: config.registry.freshnessMs,
          log,
        });
        checkpoints.start();
        state.checkpoints = checkpoints;
      }
      // One replica at a time refreshes the lists: what it records, every replica applies.
      sanctions = stateLogs.leadership.follow(`sanctions refresher of ${loaded.corpus.info.snapshotId}`, {
        lead: () => (refreshing = startSanctionsSchedule(config, loaded.corpus, live.journal, log)),
        lose: async () => {
          await refreshing?.stop();
          refreshing = null;
        },
      });
      state.corpus = loaded.corpus;
      return loaded.corpus;
    } catch (err) {
      state.loadError = err instanceof Error ? err.message : String(err);
      log(`snapshot failed to load: ${state.loadError}`);
      throw err;
    }
  })();
  // Requests in flight are answered (and metered) before the logs they write to are closed.
  const close = async (graceMs = 0): Promise<void> => {
    await background?.stop();
    await closeGracefully(server, graceMs);
    // After the last answered request is counted: its credits beyond the plan's go in the last batch.
    await meter.stop();
    await sanctions?.stop();
    await checkpoints?.stop();
    await state.live?.close();
    payments.close();
    access.close();
    closeAccounts();
    await stateLogs.close();
  };
  return { server, port, state, payments, ready, close };
}
