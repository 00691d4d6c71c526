// A build none of whose records could be kept: it writes nothing, and says why with its report.
import type { BuildReport } from './report.js';

export class EmptyBuildError extends Error {
  constructor(readonly report: BuildReport) {
    const read = [...report.tallies.values()].reduce((sum, t) => sum + t.read, 0);
    super(
      read === 0
        ? 'the sources hold no records: nothing was written'
        : `none of the ${read} records read holds an entity that could be kept: nothing was written (the report above says why each was rejected)`,
    );
    this.name = 'EmptyBuildError';
  }
}
