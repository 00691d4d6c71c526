// `unshell bench`: the benchmark harness of bench/run.ts, from a checkout or an installed package that ships it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Harness from '../../bench/run.js';
import { UsageError } from './args.js';

const HARNESS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'run.js');

export async function benchCommand(args: string[]): Promise<number> {
  if (!existsSync(HARNESS))
    throw new UsageError(
      `the benchmark harness is not installed (${HARNESS} is missing); run it from a checkout with npm run build first`,
    );
  const { runBench, BenchUsageError, BENCH_USAGE } = (await import(HARNESS)) as typeof Harness;
  if (args.includes('--help') || args.includes('-h')) {
    console.log(BENCH_USAGE);
    return 0;
  }
  try {
    runBench(args);
  } catch (err) {
    if (!(err instanceof BenchUsageError)) throw err;
    console.error(`unshell bench: ${err.message}\n\n${BENCH_USAGE}`);
    return 2;
  }
  return 0;
}
