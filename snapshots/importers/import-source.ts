// Adapts an importer's located stream to a build source: records to the builder, bad rows to its report.
import type { BuildSource, SourceProblem } from '../build/build-source.js';
import { cachedImport, type CacheOptions } from './import-cache.js';
import type { ImportOptions, Importer } from './importer.js';

/** A build source reading `input` with `importer`; with `cache`, an unchanged input is not parsed again. */
export function importSource(
  importer: Importer,
  input: string,
  options: ImportOptions,
  cache?: CacheOptions,
): BuildSource {
  // The builder asks where a record is as soon as it has it, so only the latest place need be kept.
  let place = input;
  async function* records(): AsyncGenerator<unknown> {
    const items = cache === undefined ? importer.read(input, options) : cachedImport(importer, input, options, cache);
    for await (const item of items) {
      place = item.at;
      if ('problem' in item)
        yield { unparsable: item.problem, field: item.field, reason: 'malformed source row' } satisfies SourceProblem;
      else yield item.record;
    }
  }
  return { label: `${importer.format} ${input}`, records: records(), locate: () => place };
}
