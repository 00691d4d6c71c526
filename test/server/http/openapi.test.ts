// The OpenAPI document covers everything the server serves, validates (swagger-parser) and lints clean (Redocly's
// recommended rules).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { registeredRoutes } from '../../helpers/routes.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Operation {
  tags?: string[];
  security?: Record<string, unknown>[];
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  info: { license?: { name: string; identifier?: string } };
  servers?: { url: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
}

let server: TestServer;
let doc: Document;

before(async () => {
  server = await startTestServer(investigationsOnly());
  doc = (await (await fetch(`${server.base}/api/public/openapi.json`)).json()) as Document;
});
after(() => server.stop());

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema, its references resolving (swagger-parser)', async () => {
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  it("lints clean under Redocly's recommended rules, warnings included", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    assert.deepEqual(
      problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`),
      [],
    );
  });

  it('documents every route the server serves', () => {
    const served = registeredRoutes().map((r) => `${r.method} ${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    assert.ok(served.length > 50);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    for (const route of served) assert.ok(documented.has(route), `${route} is served but not documented`);
    // Served outside the router: the checkout pages (a middleware shared with `unshell mcp`) and the webhook (with payments).
    for (const route of [
      'GET /checkout/test/{session_id}',
      'POST /checkout/test/{session_id}/pay',
      'GET /checkout/complete/{session_id}',
      'POST /webhooks/stripe',
      'GET /api/public/dossier/{id}/report.html',
      'POST /api/public/mcp',
      'GET /healthz',
    ])
      assert.ok(documented.has(route), route);
  });

  it('names its server, licence, tags and security schemes', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(doc.servers, [{ url: 'http://127.0.0.1:0', description: 'This server' }]);
    assert.equal(doc.info.license?.identifier, 'Apache-2.0');
    const declared = new Set((doc.tags ?? []).map((t) => t.name));
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [m, op] of Object.entries(ops)) {
        assert.ok((op.tags ?? []).length > 0, `${m} ${p} has a tag`);
        for (const t of op.tags ?? []) assert.ok(declared.has(t), `tag ${t} of ${m} ${p} is declared`);
      }
    const schemes = doc.components.securitySchemes;
    assert.equal(schemes['apiKey']?.scheme, 'bearer');
    assert.deepEqual([schemes['accessToken']?.in, schemes['accessToken']?.name], ['header', 'X-Access-Token']);
    assert.equal(schemes['session']?.in, 'cookie');
    const dossier = doc.paths['/api/public/dossier/{id}']?.['get'];
    assert.ok(
      dossier?.security?.some((s) => 'accessToken' in s),
      'a dossier takes an access token',
    );
  });
});
