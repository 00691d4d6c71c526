// wrk (Debian package `wrk`) as the benchmarks' load generator: a script walking sampled requests, and its figures.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** One request of a workload: GET a path, or POST a JSON body. */
export type WrkRequest = string | { path: string; body: unknown };

export interface WrkResult {
  requests: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  /** Connect, read, write and timeout errors, and answers that were not 2xx. */
  errors: number;
}

/** A wrk script that walks the given requests in turn and prints the latency percentiles as JSON. */
export function wrkScript(requests: readonly WrkRequest[]): string {
  // Formatted in request(), not when the script loads: before init wrk knows no host, and a request without a Host header is a 400.
  const lua = (r: WrkRequest): string =>
    typeof r === 'string'
      ? `{"GET", ${JSON.stringify(r)}}`
      : `{"POST", ${JSON.stringify(r.path)}, ${JSON.stringify(JSON.stringify(r.body))}}`;
  return `local requests = {${requests.map(lua).join(',\n')}}
local json = {["Content-Type"]="application/json"}
local i = 0
request = function()
  i = (i % #requests) + 1
  local r = requests[i]
  if r[1] == "POST" then return wrk.format("POST", r[2], json, r[3]) end
  return wrk.format("GET", r[2])
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors))
end
`;
}

/** wrk in a child process, one thread; asynchronous, so that a server on this process's event loop keeps serving. */
export async function runWrk(base: string, script: string, connections: number, seconds: number): Promise<WrkResult> {
  const { stdout: out } = await promisify(execFile)(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', script, base],
    { encoding: 'utf8' },
  );
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`wrk printed no result: ${out}`);
  const r = JSON.parse(line) as {
    requests: number;
    duration_us: number;
    p50_us: number;
    p99_us: number;
    errors: number;
  };
  return {
    requests: r.requests,
    requests_per_s: Math.round(r.requests / (r.duration_us / 1e6)),
    p50_ms: r.p50_us / 1000,
    p99_ms: r.p99_us / 1000,
    errors: r.errors,
  };
}
