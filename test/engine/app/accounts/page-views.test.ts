// Page views: a token signed for a client, a nonce per view; the first request of a view counts, the next ones are
// covered up to a cap and a window, and nothing forged, foreign or stale is covered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  PAGE_TOKEN_LIFETIME_MS,
  PAGE_VIEW_REQUESTS,
  PAGE_VIEW_WINDOW_MS,
  PageViews,
} from '../../../../engine/app/accounts/page-views.js';

function clocked(): { views: PageViews; advance: (ms: number) => void } {
  let now = Date.parse('2026-11-25T12:00:00Z');
  return { views: new PageViews({ clock: () => now }), advance: (ms) => (now += ms) };
}

describe('page views', () => {
  it('counts the first request of a view and covers the next ones, up to the cap', () => {
    const { views } = clocked();
    const header = `${views.issue('203.0.113.7')}.view-0001`;
    assert.equal(views.classify(header, '203.0.113.7'), 'first');
    for (let i = 1; i < PAGE_VIEW_REQUESTS; i++) assert.equal(views.classify(header, '203.0.113.7'), 'covered');
    assert.equal(views.classify(header, '203.0.113.7'), 'none', 'past the cap, requests count as usual');
    assert.equal(views.classify(`${views.issue('203.0.113.7')}.view-0002`, '203.0.113.7'), 'first', 'a new view');
  });

  it('ends a view after its window, and a token after its lifetime', () => {
    const { views, advance } = clocked();
    const token = views.issue('203.0.113.7');
    assert.equal(views.classify(`${token}.view-0001`, '203.0.113.7'), 'first');
    advance(PAGE_VIEW_WINDOW_MS);
    assert.equal(views.classify(`${token}.view-0001`, '203.0.113.7'), 'first', 'the same nonce later is a new view');
    advance(PAGE_TOKEN_LIFETIME_MS);
    assert.equal(views.classify(`${token}.view-0002`, '203.0.113.7'), 'none');
  });

  it('covers nothing for another client, a forged or altered token, or a malformed header', () => {
    const { views } = clocked();
    const token = views.issue('203.0.113.7');
    assert.equal(views.classify(`${token}.view-0001`, '198.51.100.9'), 'none', 'a token is its client’s');
    const [issued, signature] = token.split('.');
    assert.equal(views.classify(`${issued}.${'A'.repeat(signature?.length ?? 43)}.view-0001`, '203.0.113.7'), 'none');
    assert.equal(
      views.classify(`${(Number.parseInt(issued ?? '0', 36) + 1).toString(36)}.${signature}.view-0001`, '203.0.113.7'),
      'none',
    );
    const other = new PageViews();
    assert.equal(other.classify(`${token}.view-0001`, '203.0.113.7'), 'none', 'another process’s secret');
    for (const bad of [undefined, '', token, `${token}.no`, `${token}.bad nonce!`, `${token}.a.b`, 'x'.repeat(500)])
      assert.equal(views.classify(bad, '203.0.113.7'), 'none', String(bad));
  });
});
