// The web app's JavaScript budgets, gzipped: 80 KB for every page but the graph, 300 KB for the graph page.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { webDir } from '../../../server/http/web-pages.js';

const KB = 1024;
const assets = path.join(webDir(), 'assets');
const gzipped = (file: string): number => gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;

describe('the web app bundle', () => {
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const graph = scripts.filter((f) => f.startsWith('graph-view-'));
  const shared = scripts.filter((f) => !f.startsWith('graph-view-'));

  it('splits the graph page (sigma, graphology, the layout) from the rest', () => {
    assert.equal(graph.length, 1, `one graph chunk, found ${graph.join(', ')}`);
    assert.ok(shared.some((f) => f.startsWith('app-')));
  });

  it('keeps every page but the graph within 80 KB, and the graph page within 300 KB', () => {
    const pages = shared.reduce((n, f) => n + gzipped(f), 0);
    const graphPage = pages + graph.reduce((n, f) => n + gzipped(f), 0);
    assert.ok(pages <= 80 * KB, `pages: ${(pages / KB).toFixed(1)} KB gzipped`);
    assert.ok(graphPage <= 300 * KB, `graph page: ${(graphPage / KB).toFixed(1)} KB gzipped`);
  });
});
