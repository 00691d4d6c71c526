// Reads a user's file of normalised records, one JSON object per line, keeping line numbers for errors.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { BuildSource, SourceProblem } from '../build/build-source.js';

export function recordsJsonlSource(file: string): BuildSource {
  const lines: number[] = [];
  async function* records(): AsyncGenerator<unknown> {
    const rl = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let line = 0;
    // Lines that are not JSON are passed on as a problem so the builder reports them with their line.
    for await (const text of rl) {
      line += 1;
      if (text.trim() === '') continue;
      lines.push(line);
      try {
        yield JSON.parse(text) as unknown;
      } catch (err) {
        yield { unparsable: (err as Error).message } satisfies SourceProblem;
      }
    }
  }
  return { label: file, records: records(), locate: (index) => `${file}:${lines[index] ?? '?'}` };
}
