// Tool definitions and results: schemas from the capability, REST-shaped errors, and the result size guard.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { loadConfig } from '../../../engine/app/config.js';
import type { Corpus } from '../../../engine/corpus.js';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { localBackend } from '../../../server/mcp/local-backend.js';
import { createMcpServer } from '../../../server/mcp/mcp-server.js';
import {
  MAX_RESULT_CHARS,
  toolCapabilities,
  toolDefinition,
  toolResult,
} from '../../../server/mcp/tool-from-capability.js';
import { callTool, connectInProcess, errorOf } from '../../helpers/mcp.js';
import { investigationsOnly, loadTestCorpus } from '../../helpers/snapshot.js';

describe('toolDefinition', () => {
  it("makes plain JSON Schemas (no $schema) with the parameters' limits, defaults and descriptions", () => {
    for (const c of toolCapabilities(CAPABILITIES)) {
      const t = toolDefinition(c);
      assert.equal(t.inputSchema.type, 'object');
      assert.equal('$schema' in t.inputSchema, false);
      assert.equal('$schema' in (t.outputSchema ?? {}), false);
      assert.equal(t.annotations?.title, c.title);
    }
    const path = toolDefinition(toolCapabilities(CAPABILITIES).find((c) => c.tool === 'trace_ownership_path')!);
    assert.deepEqual(path.inputSchema.properties?.max_depth, {
      default: 6,
      description: 'How many levels up to walk (default 6, maximum 10)',
      type: 'integer',
      minimum: 1,
      maximum: 10,
    });
  });

  it('leaves REST-only capabilities out', () => {
    const names = toolCapabilities(CAPABILITIES).map((c) => c.tool);
    for (const c of CAPABILITIES) assert.equal(names.includes(c.tool ?? ''), c.tool !== null, c.path);
  });
});

describe('toolResult', () => {
  it('gives the body as structuredContent and as JSON text', () => {
    const r = toolResult({ ok: true, body: { a: 1 } });
    assert.deepEqual(r, { content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } });
  });

  it('gives an error as the REST error body, without structuredContent', () => {
    const r = toolResult({ ok: false, error: { error: { code: 'not_found', message: 'entity "x:y" not found' } } });
    assert.deepEqual(r, {
      isError: true,
      content: [{ type: 'text', text: '{"error":{"code":"not_found","message":"entity \\"x:y\\" not found"}}' }],
    });
  });

  it('refuses a result over the maximum, telling the agent to narrow the request', () => {
    const big = { text: 'x'.repeat(MAX_RESULT_CHARS) };
    const error = errorOf(toolResult({ ok: true, body: big }));
    assert.equal(error.code, 'payload_too_large');
    assert.match(error.message, /narrow the request/);
    assert.equal(toolResult({ ok: true, body: big }, MAX_RESULT_CHARS * 2).isError, undefined);
  });
});

describe('the size guard through the server', () => {
  let corpus: Corpus;
  let remove: () => void;
  before(async () => {
    ({ corpus, remove } = await loadTestCorpus(investigationsOnly()));
  });
  after(() => remove());

  it('answers payload_too_large for a dossier over a small configured maximum, and the dossier under the default', async () => {
    const backend = localBackend({ config: loadConfig({}, {}), corpus: Promise.resolve(corpus), log: () => undefined });
    const small = await connectInProcess(
      createMcpServer({ capabilities: CAPABILITIES, backend, version: 'test', maxResultChars: 2000 }),
    );
    assert.equal(errorOf(await callTool(small, 'get_dossier', { id: A.ukProperty })).code, 'payload_too_large');
    assert.equal((await callTool(small, 'search_entities', { q: 'kestrel', limit: 1 })).isError, undefined);
    await small.close();
    const normal = await connectInProcess(createMcpServer({ capabilities: CAPABILITIES, backend, version: 'test' }));
    assert.equal((await callTool(normal, 'get_dossier', { id: A.ukProperty })).isError, undefined);
    await normal.close();
  });
});
