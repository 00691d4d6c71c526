// Every REST route under generated input: never a 5xx, every error in the contract's shape, every answer bounded.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import type { Capability } from '../../../engine/app/contract/capability.js';
import { ERROR_STATUS, type ErrorCode } from '../../../engine/errors/service-error.js';
import { MAX_ANSWER_BYTES } from '../../../server/http/responses.js';
import { HOSTILE_STRINGS, fuzzSeed, inputsFor } from '../../helpers/fuzz-inputs.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

/** Runs per route; the seed decides which inputs, so a failure replays with UNSHELL_FUZZ_SEED. */
const RUNS_PER_ROUTE = 200;
let server: TestServer;
const seed = fuzzSeed();

before(async () => {
  server = await startTestServer(investigationsOnly());
});
after(async () => {
  await server.stop();
});

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** encodeURIComponent refuses a lone surrogate; a client would send U+FFFD in its place. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** fetch refuses some URLs before sending anything; such an input never reaches the server and proves nothing. */
async function send(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (err instanceof TypeError && /parse URL|Invalid URL/i.test(err.message)) return null;
    throw err;
  }
}

/** How a generated input travels: path parameters in the path (encoded or, now and then, raw), the rest as query or body. */
interface Shaping {
  encodePath: boolean;
  /** For POST: the body as JSON, or one of the ways a body goes wrong. */
  body: 'json' | 'truncated' | 'array' | 'text' | 'empty';
}

function requestFor(
  c: Capability,
  input: Record<string, unknown>,
  shaping: Shaping,
): { url: string; init: RequestInit } {
  const rest = { ...input };
  const path = c.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = text(rest[name] ?? 'x');
    delete rest[name];
    return shaping.encodePath ? encodeSegment(value) : value;
  });
  if (c.method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest))
      for (const item of Array.isArray(v) ? v : [v]) query.append(k, text(item));
    const qs = query.toString();
    return { url: `${server.base}${path}${qs === '' ? '' : `?${qs}`}`, init: {} };
  }
  const json = JSON.stringify(rest);
  const body = {
    json,
    truncated: json.slice(0, Math.max(1, json.length >> 1)),
    array: JSON.stringify([rest]),
    text: 'not json at all',
    empty: '',
  }[shaping.body];
  return {
    url: `${server.base}${path}`,
    init: {
      method: 'POST',
      body,
      headers: { 'content-type': shaping.body === 'text' ? 'text/plain' : 'application/json' },
    },
  };
}

function assertContractAnswer(status: number, raw: string, label: string): void {
  assert.ok(status < 500, `${label} answered ${status}: ${raw.slice(0, 300)}`);
  assert.ok(raw.length <= MAX_ANSWER_BYTES, `${label} answered ${raw.length} bytes`);
  if (status < 400) return;
  const body = JSON.parse(raw) as { error?: { code?: string; message?: unknown; param?: unknown } };
  const code = body.error?.code;
  assert.ok(code !== undefined && code in ERROR_STATUS, `${label}: error code ${String(code)}`);
  assert.equal(ERROR_STATUS[code as ErrorCode], status, `${label}: ${code} with status ${status}`);
  assert.equal(typeof body.error?.message, 'string', label);
  assert.ok(body.error?.param === undefined || typeof body.error.param === 'string', label);
}

describe(`REST routes under generated input (seed ${seed})`, () => {
  for (const c of CAPABILITIES) {
    it(`${c.method} ${c.path}`, async () => {
      const shaping = fc.record<Shaping>({
        encodePath: fc.boolean(),
        body: fc.constantFrom('json', 'json', 'json', 'truncated', 'array', 'text', 'empty'),
      });
      await fc.assert(
        fc.asyncProperty(inputsFor(c), shaping, async (input, how) => {
          const { url, init } = requestFor(c, input, how);
          const r = await send(url, init);
          if (r === null) return;
          assertContractAnswer(r.status, await r.text(), `${init.method ?? 'GET'} ${url.slice(0, 200)}`);
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    });
  }

  it('raw hostile paths under every prefix', async () => {
    const prefixes = [...new Set(CAPABILITIES.map((c) => c.path.replace(/\/:[A-Za-z_]+.*$/, '')))];
    for (const prefix of prefixes)
      for (const hostile of HOSTILE_STRINGS.filter((h) => h.length < 2_000 && !/[\r\n]/.test(h))) {
        const url = `${server.base}${prefix}/${hostile}`;
        const r = await send(url, {});
        if (r === null) continue;
        assertContractAnswer(r.status, await r.text(), `GET ${prefix}/${JSON.stringify(hostile).slice(0, 60)}`);
      }
  });
});
