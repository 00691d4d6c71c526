// The web app's first render: a company page opened in Debian's Chromium against `unshell serve` on the snapshot,
// from the navigation's start to the page drawn with its data. Run by bench/run.ts as a child.
//
//   node web-probe.js SNAPSHOT_DIR [PAGES]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { chromiumArgs } from './chromium-args.js';
import { sampleCompanyIds } from './sample.js';
import { startServer } from './serve-process.js';

export const CHROMIUM = process.env['UNSHELL_CHROMIUM'] ?? '/usr/bin/chromium';

export interface WebProbeResult {
  pages: number;
  /** From the navigation's start to the company page drawn with its data (the app's `unshell:rendered` mark). */
  first_render_p50_ms: number;
  first_render_p95_ms: number;
  first_render_max_ms: number;
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function main(dir: string, pages: number): Promise<WebProbeResult> {
  const corpus = await loadSnapshot(dir, { semantic: false });
  const numbers = sampleCompanyIds(corpus, 20_000, 23)
    .filter((id) => id.startsWith('gb-coh:'))
    .slice(0, pages)
    .map((id) => id.slice('gb-coh:'.length));
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-web-probe-'));
  const server = await startServer(dir, path.join(work, 'data'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: chromiumArgs(),
  });
  try {
    const times: number[] = [];
    // One page first, not measured: what Chromium and V8 do once per process is not what a reader waits for.
    for (const [k, number] of [numbers[0] ?? '', ...numbers].entries()) {
      // A new context per page: a first visit, nothing cached.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.base}/company/${number}`);
      await page.waitForSelector('main[data-rendered]');
      const at = Number(await page.evaluate("performance.getEntriesByName('unshell:rendered')[0]?.startTime ?? -1"));
      if (at < 0) throw new Error(`the company page ${number} did not mark its render`);
      if (k > 0) times.push(at);
      await context.close();
    }
    return {
      pages: times.length,
      first_render_p50_ms: Math.round(pct(times, 50)),
      first_render_p95_ms: Math.round(pct(times, 95)),
      first_render_max_ms: Math.round(Math.max(...times)),
    };
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('web-probe.js')) {
  const [dir, pages] = process.argv.slice(2);
  if (dir === undefined) {
    console.error('usage: node web-probe.js SNAPSHOT_DIR [PAGES]');
    process.exitCode = 2;
  } else if (!existsSync(CHROMIUM)) {
    console.error(`web probe: no Chromium at ${CHROMIUM} (apt-get install chromium, or UNSHELL_CHROMIUM); skipped`);
    console.log('null');
  } else {
    console.log(JSON.stringify(await main(dir, Number(pages ?? 20))));
  }
}
