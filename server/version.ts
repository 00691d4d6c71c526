// The package version, read once from package.json next to the build (or inside the single executable).
import { readFileSync } from 'node:fs';
import { packageManifestFile } from '../engine/runtime/app-files.js';

let version: string | null = null;

export function packageVersion(): string {
  if (version === null) {
    version = (JSON.parse(readFileSync(packageManifestFile(), 'utf8')) as { version: string }).version;
  }
  return version;
}
