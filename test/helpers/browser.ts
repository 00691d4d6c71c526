// Test helper: Debian's Chromium driven by playwright-core, installed from Debian's packages when it is missing.
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs } from '../../bench/chromium-args.js';
import { aptInstall } from '../../bench/debian-packages.js';

export const CHROMIUM = process.env['UNSHELL_CHROMIUM'] ?? '/usr/bin/chromium';

/** Screenshots of every page the browser tests visit: dist/artifacts/screens, to look at after a run. */
export const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screens');

/**
 * The path of Chromium, installing Debian's `chromium` package first when it is not there and the tests run as
 * root (as on a fresh machine), one apt-get at a time; otherwise the error says what to install.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0)
    throw new Error(
      `the browser tests need Chromium at ${CHROMIUM}: install Debian's package (sudo apt-get install chromium), or set UNSHELL_CHROMIUM`,
    );
  aptInstall(['chromium'], (line) => process.stderr.write(`# ${line}\n`));
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: chromiumArgs(),
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it stands, one line each. The
 * page's context must bypass its content security policy (`bypassCSP`): only this check injects a script.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate<AxeResult>('axe.run()');
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${JSON.stringify(v.nodes.slice(0, 2).map((n) => n.target))})`);
}
