// POST /api/public/screen: a list uploaded as CSV or JSON lines, results streamed back row by row, a credit a row.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { ScreenParamsSchema } from '../../../engine/app/screening/screen-request.js';
import { HOSTILE_STRINGS, fuzzSeed, inputsOf } from '../../helpers/fuzz-inputs.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface ErrorBody {
  error: { code: string; message: string; param?: string };
}

describe('POST /api/public/screen', () => {
  let server: TestServer;
  let url: string;
  before(async () => {
    server = await startTestServer(investigationsOnly());
    url = `${server.base}/api/public/screen`;
  });
  after(() => server.stop());

  const upload = (body: string, type: string, query = '') =>
    fetch(`${url}${query}`, { method: 'POST', body, headers: { 'content-type': type } });

  it('screens a CSV upload and streams a CSV result per row, charging a credit a row', async () => {
    const csv =
      'Name,DOB\nArkadiy Volkhonskiy,1961-04-12\nKestrel Wharf Properties Limited,\nNobody Inparticular,1980\n';
    const r = await upload(csv, 'text/csv');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(r.headers.get('x-credits-cost'), '3');
    const rows = parse<Record<string, string>>(await r.text(), { columns: true });
    assert.deepEqual(
      rows.map((x) => [x['line'], x['match'], x['matched_id']]),
      [
        ['2', 'true', 'ofac:9900001'],
        ['3', 'true', 'gb-coh:99000001'],
        ['4', 'false', ''],
      ],
    );
    assert.ok(rows.every((x) => /^[0-9a-f]{16}$/.test(x['snapshot_id'] ?? '') && /^demo \d{4}/.test(x['lists'] ?? '')));
  });

  it('reads JSON lines and answers JSON lines, screening the good rows around a bad one', async () => {
    const r = await upload(
      '{"name":"Arkadiy Volkhonskiy","nationality":"ru"}\n{"name":["a",1]}\n{"name":"Lantern Company Services Ltd"}\n',
      'application/x-ndjson',
      '?candidates=1',
    );
    assert.equal(r.status, 200);
    const lines = (await r.text())
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { line: number; match: boolean | null; error: string | null; candidates: unknown[] },
      );
    assert.deepEqual(
      lines.map((l) => [l.line, l.match]),
      [
        [1, true],
        [2, null],
        [3, true],
      ],
    );
    assert.match(lines[1]?.error ?? '', /^line 2: "name" must be a string/);
    assert.ok(lines.every((l) => l.candidates.length <= 1));
  });

  it('refuses what it cannot screen before anything is streamed, naming what is wrong', async () => {
    const cases: Array<[string, string, string, number, RegExp]> = [
      ['Name\nX\n', 'text/csv', '?columns=name%3DFull%20Name', 400, /column "Full Name", which the file does not have/],
      ['Company\nX\n', 'text/csv', '', 400, /no column holds the name/],
      ['Name\nX\n', 'application/pdf', '', 400, /text\/csv.*application\/x-ndjson/],
      ['Name\nX\n', 'text/csv', '?candidates=0', 400, /candidates/],
      ['Name\nX\n', 'text/csv', '?threshold=2', 400, /threshold/],
      ['Name\n', 'text/csv', '', 400, /no rows/],
      [`Name\n${'X\n'.repeat(2501)}`, 'text/csv', '', 413, /2501 rows exceeds this caller's limit of 2500/],
    ];
    for (const [body, type, query, status, pattern] of cases) {
      const r = await upload(body, type, query);
      assert.equal(r.status, status, `${type} ${query}`);
      const error = (await r.json()) as ErrorBody;
      assert.match(error.error.message, pattern);
      assert.equal(r.headers.get('x-credits-cost'), '1');
    }
    const huge = await upload(`Name\n${'x'.repeat(11 * 1024 * 1024)}\n`, 'text/csv');
    assert.equal(huge.status, 413);
  });

  it('never answers a 5xx, whatever the upload and its parameters', async () => {
    const seed = fuzzSeed();
    const params = inputsOf(ScreenParamsSchema);
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(...HOSTILE_STRINGS.filter((h) => h.length < 20_000)),
      fc
        .array(fc.constantFrom('name', 'Name,dob', '"a', 'x,y,z', '{"name":"a"}', '{', '\uFEFF', '\r\n', ',,,'), {
          maxLength: 8,
        })
        .map((parts) => parts.join('\n')),
    );
    const type = fc.constantFrom('text/csv', 'application/x-ndjson', 'text/plain', '');
    await fc.assert(
      fc.asyncProperty(params, body, type, async (query, text, contentType) => {
        const qs = new URLSearchParams();
        for (const [k, v] of Object.entries(query)) qs.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        const r = await upload(text, contentType, `?${qs.toString().replace(/%EF%BF%BD/g, '')}`);
        const raw = await r.text();
        assert.ok(r.status < 500, `${r.status}: ${raw.slice(0, 200)} for ${JSON.stringify(text).slice(0, 200)}`);
        if (r.status >= 400) assert.equal(typeof (JSON.parse(raw) as ErrorBody).error.message, 'string');
      }),
      { seed, numRuns: 150, endOnFailure: true },
    );
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.base}/api/public/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    assert.deepEqual(Object.keys(doc.paths['/api/public/screen']?.['post']?.requestBody.content ?? {}), [
      'text/csv',
      'application/x-ndjson',
    ]);
  });
});
