// What `unshell mcp` does: the MCP tool server over stdio, in-process or as a client of a REST API.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CAPABILITIES } from '../../engine/app/capabilities/registry.js';
import { loadConfig, type Config } from '../../engine/app/config.js';
import { PaymentService } from '../../engine/app/billing/payment-service.js';
import { prepareDataDirectory } from '../../engine/app/data-directory.js';
import { LiveData } from '../../engine/app/live/live-data.js';
import { packageVersion } from '../../server/version.js';
import type { Backend } from '../../server/mcp/backend.js';
import { checkoutPageServer } from './checkout-page-server.js';
import { loadCorpus } from '../../server/load-corpus.js';
import { localBackend } from '../../server/mcp/local-backend.js';
import { remoteBackend } from './remote-backend.js';
import { createMcpServer } from '../../server/mcp/mcp-server.js';
import { openStateLogs } from '../../engine/app/state/open-state-logs.js';
import { NO_PROGRESS } from '../../engine/runtime/pass-progress.js';

/** stdout carries the protocol: every log line goes to stderr. */
const log = (line: string): void => {
  process.stderr.write(`[unshell mcp] ${line}\n`);
};

/** The in-process backend with payments on the data dir; test-mode checkout pages served by this process. */
async function inProcess(config: Config): Promise<Backend> {
  prepareDataDirectory(config.dataDir);
  const state = await openStateLogs(config, { listen: true, log });
  // The page server and the service refer to each other; the page server asks for the service only on a request.
  const pages = checkoutPageServer(() => payments, log);
  const payments = PaymentService.open(config, state.logs, { log, pageBase: () => pages.base() });
  let live: LiveData | null = null;
  const backend = localBackend({
    config,
    log,
    // The journal replays before the first tool call is answered, as in the REST service.
    corpus: loadCorpus(config, log).then((loaded) => {
      live = LiveData.open(
        config,
        loaded.corpus,
        log,
        NO_PROGRESS,
        { logs: state.logs, leadership: state.leadership, budget: state.budget },
        loaded.served.journal,
      );
      return loaded.corpus;
    }),
    payments,
    registry: () => live?.registry,
  });
  return {
    description: backend.description,
    call: (capability, callArgs) => backend.call(capability, callArgs),
    async close() {
      await Promise.allSettled([backend.close(), pages.close()]);
      await live?.close();
      payments.close();
      await state.close();
    },
  };
}

export async function serveMcp(values: { snapshot?: string; dataDir?: string }): Promise<null> {
  const config = loadConfig({ snapshot: values.snapshot, dataDir: values.dataDir });
  const version = packageVersion();
  const backend: Backend =
    config.serviceApiBase === null
      ? await inProcess(config)
      : remoteBackend({
          base: config.serviceApiBase,
          apiKey: config.serviceApiKey,
          timeoutMs: config.serviceTimeoutMs,
          userAgent: `unshell-mcp/${version}`,
          log,
        });
  const server = createMcpServer({ capabilities: CAPABILITIES, backend, version });
  const transport = new StdioServerTransport();

  let stopping = false;
  const stop = (why: string): void => {
    if (stopping) return;
    stopping = true;
    log(`${why}: shutting down`);
    // A demo snapshot may still be building; nothing of it needs to outlive the process.
    void Promise.allSettled([server.close(), backend.close()]).then(() => process.exit(0));
  };
  process.stdin.once('end', () => stop('stdin closed'));
  process.stdin.once('close', () => stop('stdin closed'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  await server.connect(transport);
  log(`serving MCP over stdio from ${backend.description}`);
  return null; // serving until stdin closes or a signal
}
