// What `unshell sources fetch` does: the chosen sources fetched with a bar per file, and a line per file after.
import { fetchSources } from '../../snapshots/fetch/fetch-sources.js';
import { isSourceCode, SOURCE_CODES, type SourceCode } from '../../snapshots/fetch/source-catalog.js';
import { UsageError } from './args.js';
import { ProgressDisplay } from './progress.js';
import { shownPath } from './shown-path.js';

export async function fetchSourcesCommand(values: {
  only?: string;
  dir: string;
  json?: true;
  quiet?: true;
}): Promise<number> {
  const codes = (values.only ?? SOURCE_CODES.join(',')).split(',').map((c) => c.trim().toLowerCase());
  for (const c of codes)
    if (!isSourceCode(c)) throw new UsageError(`--only takes ${SOURCE_CODES.join(', ')}, got "${c}"`);
  const silent = values.quiet === true || values.json === true;
  const progress = new ProgressDisplay(process.stderr, { quiet: silent });
  let outcomes: Awaited<ReturnType<typeof fetchSources>>;
  try {
    outcomes = await fetchSources({
      dir: values.dir,
      sources: codes as SourceCode[],
      env: process.env,
      progress: progress.phase,
      log: (line) => progress.log(line),
    });
  } finally {
    progress.stop();
  }
  if (values.json === true) process.stdout.write(`${JSON.stringify({ dir: values.dir, files: outcomes })}\n`);
  else {
    for (const o of outcomes) {
      const what = o.path === null ? '' : ` → ${shownPath(`${values.dir}/${o.path}`)}`;
      const why = o.outcome === 'failed' || o.outcome === 'no address' ? `: ${o.detail ?? ''}` : '';
      process.stdout.write(`${o.id}: ${o.outcome}${why}${what}\n`);
    }
    process.stdout.write(
      `build from them with: unshell snapshot build --sources ${shownPath(values.dir)} --out SNAPSHOT\n`,
    );
  }
  return outcomes.some((o) => o.outcome === 'failed') ? 1 : 0;
}
