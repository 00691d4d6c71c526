// `unshell snapshot compact`: the configured snapshot with its journal of live changes folded in, as a new snapshot.
import path from 'node:path';
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { demoSnapshotDir, loadConfig } from '../../engine/app/config.js';
import type { CompactResult } from '../../snapshots/build/compact-snapshot.js';
import { withStateLogs } from './with-state-logs.js';
import { UsageError, countOrZero } from './args.js';
import { exits } from './exits.js';
import { requireReadable } from './input-file.js';
import { removeOnInterrupt } from './interrupt.js';
import { ProgressDisplay } from './progress.js';
import { shownPath } from './shown-path.js';

export function snapshotCompactCommand(): CommandUnknownOpts {
  return new Command('compact')
    .summary("Fold the snapshot's journal of live changes into a new snapshot")
    .description(
      "Fold the snapshot's journal of live changes into a new snapshot (links and derived facts made again by the " +
        "build), and start its journal at each stream's timepoint: serve the new snapshot next and the streams resume " +
        'there. Safe beside a running server (the journal is read, not taken).',
    )
    .requiredOption('--out <dir>', 'the new snapshot, a directory other than the snapshot folded')
    .option('--snapshot <dir>', 'the snapshot whose journal is folded (UNSHELL_SNAPSHOT; default the demo)')
    .option('--data-dir <dir>', 'where the journal is (UNSHELL_DATA_DIR, default .data)')
    .option('--judgements <file>', 'the operator judgements the snapshot was built with')
    .addOption(new Option('--embed <n>', 'clusters embedded at build time (0: none)').argParser(countOrZero))
    .option('--json', 'print the summary as JSON, without progress or log')
    .option('--quiet', 'print the summary only, without progress or log')
    .action(
      exits(async (options) => {
        // Loaded when the command runs, so that the help of every command comes at once.
        const [{ buildingDirectory }, { compactSnapshot }, { SOURCE_NAMES }] = await Promise.all([
          import('../../snapshots/build/build-snapshot.js'),
          import('../../snapshots/build/compact-snapshot.js'),
          import('../../snapshots/demo/demo-corpus.js'),
        ]);
        const config = loadConfig({ snapshot: options.snapshot, dataDir: options.dataDir });
        const snapshot = config.snapshot ?? demoSnapshotDir(config);
        if (path.resolve(snapshot) === path.resolve(options.out))
          throw new UsageError(`--out must be a new directory, not the snapshot being folded (${shownPath(snapshot)})`);
        if (options.judgements !== undefined) requireReadable(options.judgements, '--judgements');
        const quiet = options.quiet === true || options.json === true;
        const progress = new ProgressDisplay(process.stderr, { quiet });
        const log = (line: string): void => progress.log(`[unshell] ${line}`);
        const started = Date.now();
        const interrupted = removeOnInterrupt(buildingDirectory(options.out), () => progress.stop());
        let result: CompactResult;
        try {
          result = await withStateLogs(config, (logs) =>
            compactSnapshot({
              snapshot,
              dataDir: config.dataDir,
              ...(logs.shared ? { sharedState: logs } : {}),
              out: options.out,
              sourceNames: SOURCE_NAMES,
              log,
              progress: progress.phase,
              ...(options.judgements === undefined ? {} : { judgements: options.judgements }),
              ...(options.embed === undefined ? {} : { semantic: { embed: options.embed } }),
            }),
          );
        } finally {
          interrupted.release();
          progress.stop();
        }
        const c = result.manifest.counts;
        const seconds = (Date.now() - started) / 1000;
        if (options.json === true) {
          console.log(
            JSON.stringify({
              snapshot_id: result.manifest.snapshot_id,
              out: path.resolve(options.out),
              folded: result.folded,
              counts: c,
              timepoints: Object.fromEntries(result.timepoints),
              seconds: Number(seconds.toFixed(1)),
            }),
          );
          return 0;
        }
        const resumes = [...result.timepoints].map(([stream, t]) => `${stream} at ${t}`).join(', ');
        console.log(
          `snapshot ${result.manifest.snapshot_id}: ${result.folded} journalled changes folded in; ${c.entities ?? 0} entities, ` +
            `${c.relationships ?? 0} relationships, ${c.events ?? 0} events in ${seconds.toFixed(1)} s → ${shownPath(options.out)}` +
            (resumes === '' ? '' : `; its journal resumes ${resumes}`),
        );
        return 0;
      }),
    );
}
