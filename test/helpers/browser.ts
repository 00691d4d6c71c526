// Test helper: Debian's Chromium driven by playwright-core, installed from Debian's packages when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs } from '../../bench/chromium-args.js';

export const CHROMIUM = process.env['UNSHELL_CHROMIUM'] ?? '/usr/bin/chromium';

/** Screenshots of every page the browser tests visit: dist/artifacts/screens, to look at after a run. */
export const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screens');

/**
 * The path of Chromium, installing Debian's `chromium` package first when it is not there and the tests run as
 * root (as on a fresh machine); otherwise the error says what to install.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0)
    throw new Error(
      `the browser tests need Chromium at ${CHROMIUM}: install Debian's package (sudo apt-get install chromium), or set UNSHELL_CHROMIUM`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
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
