// `unshell bench`: the benchmark harness of bench/run.ts, reached at run time from a checkout (it is not published).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from './args.js';
import { exits } from './exits.js';

const HARNESS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'run.js');

/** What bench/run.ts exports for this command; imported by path so that the package needs none of bench/. */
interface Harness {
  runBench(args: string[]): void;
  BenchUsageError: abstract new (...args: never[]) => Error;
  BENCH_USAGE: string;
}

function isHarness(module: unknown): module is Harness {
  if (typeof module !== 'object' || module === null) return false;
  const m = module as Record<string, unknown>;
  return (
    typeof m.runBench === 'function' && typeof m.BenchUsageError === 'function' && typeof m.BENCH_USAGE === 'string'
  );
}

/** Runs the harness with `args` as its own flags: the harness reads them, so that `npm run bench` takes the same. */
async function bench(args: string[]): Promise<number> {
  if (!existsSync(HARNESS))
    throw new UsageError(
      `the benchmark harness is not installed (${HARNESS} is missing); run it from a checkout with npm run build first`,
    );
  const harness: unknown = await import(pathToFileURL(HARNESS).href);
  if (!isHarness(harness)) throw new Error(`${HARNESS} does not export runBench, BenchUsageError and BENCH_USAGE`);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(harness.BENCH_USAGE);
    return 0;
  }
  try {
    harness.runBench(args);
  } catch (err) {
    if (err instanceof harness.BenchUsageError)
      throw new UsageError(`bench: ${err.message} (unshell bench --help lists the flags)`);
    throw err;
  }
  return 0;
}

export function benchCommand(): CommandUnknownOpts {
  return new Command('bench')
    .summary('Benchmarks against exact k-NN, JSON files and PostgreSQL; writes RESULTS.md')
    .description(
      'Benchmarks: synthetic snapshots at each scale, every workload in-process and over HTTP, against exact k-NN, ' +
        'JSON files and PostgreSQL; writes RESULTS.md and results.json (unshell bench --help lists every flag).',
    )
    .usage('[--entities demo,1000000] [--ops N] [--peers postgres] [--no-http] [--out DIR] [...]')
    .argument('[flags...]', "the harness's own flags")
    .helpOption(false)
    .allowUnknownOption()
    .action(exits((flags) => bench(flags)));
}
