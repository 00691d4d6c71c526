// How the benchmarks and the browser tests start Debian's Chromium headless: the same flags for both.

/**
 * Chromium's own background traffic (updates, sync, field trials) has nowhere to go on a closed network and is no
 * part of what is measured or tested; root in a container has no user namespace for Chromium's sandbox.
 */
export function chromiumArgs(): string[] {
  return [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
}
