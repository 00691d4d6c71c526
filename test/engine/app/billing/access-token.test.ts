// Access tokens: signed claims round-trip; anything altered, forged, expired or mangled is invalid_access_token.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../../engine/app/config.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { signToken, verifyToken } from '../../../../engine/app/billing/access-token.js';
import { TOKEN_SECRET_FILE, tokenSecret } from '../../../../engine/app/billing/token-secret.js';
import { tempDir } from '../../../helpers/snapshot.js';
import { FileStateLogs } from '../../../../engine/state/file-state-logs.js';

const secret = Buffer.from('a-test-secret-of-at-least-thirty-two-characters');
const now = new Date('2026-01-01T00:00:00Z');
const claims = {
  clusterId: 'gb-coh:99000001',
  tier: 'enhanced' as const,
  expiresAt: new Date('2026-01-31T00:00:00Z'),
  grantId: 'gr_x',
};

const refused = (fn: () => unknown): void =>
  assert.throws(
    fn,
    (err: unknown) => err instanceof ServiceError && err.code === 'invalid_access_token' && err.status === 403,
  );

describe('access tokens', () => {
  it('verify to the claims they were signed with, and sign the same claims the same way', () => {
    const token = signToken(secret, claims);
    assert.deepEqual(verifyToken(secret, token, now), claims);
    assert.equal(signToken(secret, claims), token);
  });

  it('refuse a token signed with another secret', () =>
    refused(() => verifyToken(secret, signToken(Buffer.from('x'.repeat(40)), claims), now)));

  it('refuse an altered payload under the original signature', () => {
    const [, signature] = signToken(secret, claims).split('.');
    const payload = Buffer.from(
      JSON.stringify({ v: 1, c: 'gb-coh:99000002', t: 'enhanced', e: 1_800_000_000, g: 'gr_x' }),
    ).toString('base64url');
    refused(() => verifyToken(secret, `${payload}.${signature}`, now));
  });

  it('refuse an expired token, and a truncated, empty or malformed one', () => {
    const token = signToken(secret, claims);
    refused(() => verifyToken(secret, token, claims.expiresAt));
    refused(() => verifyToken(secret, token.slice(0, -3), now));
    for (const bad of ['', '.', 'abc', 'a.b.c', `${token}.x`]) refused(() => verifyToken(secret, bad, now));
  });

  it('refuse a payload of the wrong shape even when correctly signed', () => {
    const payload = Buffer.from(JSON.stringify({ v: 2, c: 'x' })).toString('base64url');
    refused(() =>
      verifyToken(secret, `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`, now),
    );
  });
});

describe('the token secret', () => {
  it('is generated once into the data dir, private to its owner, and read back the same', () => {
    const t = tempDir('secret');
    try {
      const config = loadConfig({ dataDir: t.dir }, {});
      const first = tokenSecret(config, new FileStateLogs(config.dataDir));
      assert.ok(first.length >= 32);
      assert.equal(statSync(path.join(t.dir, TOKEN_SECRET_FILE)).mode & 0o777, 0o600);
      assert.deepEqual(tokenSecret(config, new FileStateLogs(config.dataDir)), first);
    } finally {
      t.remove();
    }
  });

  it('comes from UNSHELL_TOKEN_SECRET when set, which must be long enough', () => {
    const config = loadConfig({ dataDir: '/nonexistent' }, { UNSHELL_TOKEN_SECRET: 's'.repeat(32) });
    assert.deepEqual(tokenSecret(config, new FileStateLogs(config.dataDir)), Buffer.from('s'.repeat(32)));
    assert.throws(() => loadConfig({}, { UNSHELL_TOKEN_SECRET: 'short' }), /at least 32/);
  });
});
