// `unshell snapshot build`: a snapshot directory from the demo corpus, synthetic entities and record files.
import { buildSnapshot, type BuildSource } from '../../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, investigationsSource, syntheticSource, DEMO_BACKGROUND_ENTITIES } from '../../snapshots/demo/demo-corpus.js';
import { recordsJsonlSource } from '../../snapshots/sources/records-jsonl.js';
import { importSource } from '../../snapshots/importers/import-source.js';
import { IMPORTERS, importerFor } from '../../snapshots/importers/registry.js';
import { UsageError, parseFlags, positiveInteger } from './args.js';

export async function snapshotCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'formats') {
    for (const i of IMPORTERS) console.log(`${i.format.padEnd(24)} ${i.input.padEnd(9)} ${i.description}`);
    return 0;
  }
  if (sub !== 'build') throw new UsageError(sub === undefined ? 'snapshot needs a subcommand: build or formats' : `unknown snapshot subcommand "${sub}"`);
  const { values } = parseFlags(rest, {
    out: { type: 'string' },
    demo: { type: 'boolean', default: false },
    synthetic: { type: 'string' },
    seed: { type: 'string' },
    records: { type: 'string', multiple: true },
    import: { type: 'string', multiple: true },
    'retrieved-at': { type: 'string' },
    embed: { type: 'string' },
  });
  if (values.out === undefined) throw new UsageError('snapshot build needs --out DIR');
  const sources: BuildSource[] = [];
  if (values.demo) sources.push(investigationsSource(), syntheticSource(DEMO_BACKGROUND_ENTITIES));
  if (values.synthetic !== undefined) {
    const seed = values.seed === undefined ? undefined : positiveInteger(values.seed, '--seed');
    // With --demo the background is already there; --synthetic N then sizes it instead.
    if (values.demo) sources.pop();
    sources.push(syntheticSource(positiveInteger(values.synthetic, '--synthetic'), seed));
  }
  for (const file of values.records ?? []) sources.push(recordsJsonlSource(file));
  const retrievedAt = values['retrieved-at'] ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(retrievedAt)) throw new UsageError(`--retrieved-at must be a date YYYY-MM-DD, not "${retrievedAt}"`);
  for (const spec of values.import ?? []) {
    const eq = spec.indexOf('=');
    const format = eq === -1 ? spec : spec.slice(0, eq);
    const importer = importerFor(format);
    if (importer === undefined) throw new UsageError(`unknown import format "${format}" (unshell snapshot formats lists them)`);
    if (eq === -1 || eq === spec.length - 1) throw new UsageError(`--import needs FORMAT=PATH, e.g. --import ${format}=path/to/file`);
    sources.push(importSource(importer, spec.slice(eq + 1), { retrievedAt }));
  }
  if (sources.length === 0) throw new UsageError('snapshot build needs at least one of --demo, --synthetic N, --records FILE, --import FORMAT=PATH');
  // How many resolved entities get a semantic-search vector at build time; `unshell serve` embeds the rest.
  const embed = values.embed === undefined ? undefined : values.embed === '0' ? 0 : positiveInteger(values.embed, '--embed');
  const log = (line: string): void => console.error(`[unshell] ${line}`);
  const started = Date.now();
  const { manifest, report } = await buildSnapshot({ out: values.out, sources, sourceNames: SOURCE_NAMES, log, ...(embed === undefined ? {} : { semantic: { embed } }) });
  console.log(report.format());
  const c = manifest.counts;
  console.log(
    `snapshot ${manifest.snapshot_id}: ${c.entities ?? 0} entities, ${c.relationships ?? 0} relationships, ${c.listings ?? 0} listings, ` +
      `${c.events ?? 0} events in ${((Date.now() - started) / 1000).toFixed(1)} s → ${values.out}`,
  );
  return 0;
}
