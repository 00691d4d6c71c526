// Latency statistics of a benchmark workload.

export interface LatencySummary {
  ops: number;
  p50_us: number;
  p99_us: number;
  max_us: number;
  mean_us: number;
  ops_per_s: number;
}

/**
 * Warm-up until V8 has optimised what a workload runs: 10,000 calls, or 2 s for slow workloads. Measured: an
 * ownership path at 1M entities takes 16 µs after 2,000 calls, 6-9 µs after 5,000 and 5.5 µs after 10,000; a
 * server reaches that state within its first seconds of traffic.
 */
export const JIT_WARMUP = { calls: 10_000, ms: 2000 } as const;

/**
 * Runs `op` over every input and summarises per-call latency, after a warm-up: `warmup` calls (cycling through
 * the inputs when there are fewer of them), or as many as JIT_WARMUP allows.
 */
export async function measure<T>(
  inputs: readonly T[],
  op: (input: T) => unknown,
  warmup: number | typeof JIT_WARMUP = JIT_WARMUP,
): Promise<LatencySummary> {
  const calls = typeof warmup === 'number' ? warmup : warmup.calls;
  const until = typeof warmup === 'number' ? Infinity : performance.now() + warmup.ms;
  for (let i = 0; inputs.length > 0 && i < calls && performance.now() < until; i++)
    await op(inputs[i % inputs.length] as T);
  const times = new Float64Array(inputs.length);
  const started = performance.now();
  for (let i = 0; i < inputs.length; i++) {
    const t0 = performance.now();
    await op(inputs[i] as T);
    times[i] = performance.now() - t0;
  }
  const total = performance.now() - started;
  times.sort();
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const us = (ms: number): number => Math.round(ms * 1000 * 10) / 10;
  return {
    ops: inputs.length,
    p50_us: us(at(0.5)),
    p99_us: us(at(0.99)),
    max_us: us(times[times.length - 1] ?? 0),
    mean_us: us(total / Math.max(1, inputs.length)),
    ops_per_s: Math.round((inputs.length / total) * 1000),
  };
}

/** The middle of `xs` (the mean of the two middles of an even count): the figure of a few turns of one workload. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
