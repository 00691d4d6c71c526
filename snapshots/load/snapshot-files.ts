// The verified files of one snapshot, by family, as every loader reads them: read ahead by a worker, walked in order.
import type { SnapshotFile } from '../format/manifest.js';
import { walkShard } from '../format/shard-reader.js';
import { NO_PROGRESS, type PassProgress } from '../../engine/runtime/pass-progress.js';
import { SnapshotReader, type ReadStep } from '../format/snapshot-reader.js';

/** What a loader reads: the verified files of one snapshot, by family. */
export class SnapshotFiles {
  readonly #byFamily = new Map<string, SnapshotFile[]>();
  #reader: SnapshotReader | null = null;

  constructor(
    readonly dir: string,
    files: readonly SnapshotFile[],
  ) {
    for (const f of files) this.#byFamily.set(f.family, [...(this.#byFamily.get(f.family) ?? []), f]);
  }

  of(family: string): SnapshotFile[] {
    return this.#byFamily.get(family) ?? [];
  }

  count(family: string): number {
    return this.of(family).reduce((n, f) => n + f.records, 0);
  }

  has(family: string): boolean {
    return this.#byFamily.has(family);
  }

  /** Starts reading every family of the plan that the snapshot has, in plan order, ahead of the decoding. */
  startReading(plan: ReadonlyArray<Omit<ReadStep, 'files'>>, progress: PassProgress = NO_PROGRESS): SnapshotReader {
    const steps = plan.filter((s) => this.has(s.family)).map((s) => ({ ...s, files: this.of(s.family) }));
    const bytes = steps.reduce((sum, s) => sum + s.files.reduce((n, f) => n + f.bytes, 0), 0);
    this.#reader = new SnapshotReader(this.dir, steps, progress('verifying the snapshot', bytes, 'MB'));
    return this.#reader;
  }

  get reader(): SnapshotReader {
    if (this.#reader === null) throw new Error('SnapshotFiles: startReading() first');
    return this.#reader;
  }

  /**
   * Decodes every record of a family, in order, each shard as soon as the reader has verified it. A file that
   * failed anywhere (a record family read ahead, say) stops the walk at the next shard rather than at the end.
   */
  async walk(family: string, each: (rec: unknown) => void): Promise<void> {
    for (const [i, file] of this.of(family).entries()) {
      const buf = await this.reader.shard(family, i);
      if (this.reader.failure !== null) throw this.reader.failure;
      walkShard(file.path, buf, file.records, each);
    }
  }
}
