// `unshell bench`: the benchmark harness of bench/run.ts, reached at run time from a checkout (it is not published).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from './args.js';

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

export async function benchCommand(args: string[]): Promise<number> {
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
    if (!(err instanceof harness.BenchUsageError)) throw err;
    console.error(`unshell bench: ${err.message}\n\n${harness.BENCH_USAGE}`);
    return 2;
  }
  return 0;
}
