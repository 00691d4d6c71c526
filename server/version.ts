// The package version, read once from package.json next to the build.
import { readFileSync } from 'node:fs';

let version: string | null = null;

export function packageVersion(): string {
  if (version === null) {
    // dist/server/version.js → ../../package.json, the same from the source tree under a TS runner.
    const url = new URL('../../package.json', import.meta.url);
    version = (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  }
  return version;
}
