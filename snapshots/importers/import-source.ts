// Adapts an importer's located stream to a build source: records to the builder, bad rows to its report.
import type { BuildSource, SourceProblem } from '../build/build-snapshot.js';
import type { ImportOptions, Importer } from './importer.js';

export function importSource(importer: Importer, input: string, options: ImportOptions): BuildSource {
  // The builder asks where a record is as soon as it has it, so only the latest place need be kept.
  let place = input;
  async function* records(): AsyncGenerator<unknown> {
    for await (const item of importer.read(input, options)) {
      place = item.at;
      if ('problem' in item) yield { unparsable: item.problem, field: item.field, reason: 'malformed source row' } satisfies SourceProblem;
      else yield item.record;
    }
  }
  return { label: `${importer.format} ${input}`, records: records(), locate: () => place };
}
