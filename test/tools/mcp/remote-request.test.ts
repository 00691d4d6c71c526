// Building requests to a remote REST API: path parameters encoded, the rest as query or body, nothing off the base.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '../../../engine/app/contract/capability.js';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { ConfigError } from '../../../engine/errors/config-error.js';
import { ServiceError } from '../../../engine/errors/service-error.js';
import { buildRequest, isWithinBase, parseApiBase } from '../../../tools/mcp/remote-request.js';

const cap = (tool: string): Capability => {
  const c = CAPABILITIES.find((x) => x.tool === tool);
  assert.ok(c, tool);
  return c;
};

describe('parseApiBase', () => {
  it('takes an origin and an optional path prefix', () => {
    assert.deepEqual(parseApiBase('https://api.example.org'), { origin: 'https://api.example.org', prefix: '' });
    assert.deepEqual(parseApiBase('https://example.org/unshell/'), {
      origin: 'https://example.org',
      prefix: '/unshell',
    });
  });

  it('refuses anything but a plain http(s) URL', () => {
    for (const bad of [
      'example.org',
      'ftp://example.org',
      'https://user:pw@example.org',
      'https://example.org/?x=1',
      'file:///etc',
    ]) {
      assert.throws(() => parseApiBase(bad), ConfigError, bad);
    }
  });
});

describe('buildRequest', () => {
  const base = parseApiBase('https://example.org/svc');

  it('puts path parameters in the path, encoded, and the rest in the query of a GET', () => {
    const r = buildRequest(base, cap('trace_ownership_path'), { root: 'gb-coh:00000001', max_depth: 3 });
    assert.equal(r.url.href, 'https://example.org/svc/api/public/ownership-path?root=gb-coh%3A00000001&max_depth=3');
    const e = buildRequest(base, cap('get_entity'), { id: 'icij:a/b c?d#e' });
    assert.equal(e.url.href, 'https://example.org/svc/api/public/entity/icij%3Aa%2Fb%20c%3Fd%23e');
    assert.equal(e.body, null);
  });

  it('sends the fields of a POST as a JSON body, ignoring unknown ones', () => {
    const r = buildRequest(base, cap('resolve'), { queries: ['a', 'b'], extra: 1 });
    assert.equal(r.method, 'POST');
    assert.equal(r.url.href, 'https://example.org/svc/api/public/resolve');
    assert.equal(r.body, '{"queries":["a","b"]}');
  });

  it('refuses dot segments in a path parameter, however they are spelled', () => {
    for (const number of ['..', '.', '../../x', 'a/../../b', '..\\x']) {
      assert.throws(
        () => buildRequest(base, cap('lookup_company'), { number }),
        (e: unknown) => e instanceof ServiceError && e.code === 'invalid_parameter',
        number,
      );
    }
  });

  it('knows what is within the base', () => {
    assert.equal(isWithinBase(base, new URL('https://example.org/svc/api/public/stats')), true);
    assert.equal(isWithinBase(base, new URL('https://example.org/api/public/stats')), false);
    assert.equal(isWithinBase(base, new URL('https://evil.example/svc/api/public/stats')), false);
    assert.equal(isWithinBase(base, new URL('http://example.org/svc/api/public/stats')), false);
  });
});
