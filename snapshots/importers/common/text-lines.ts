// Streams a text file line by line with 1-based line numbers, for JSON lines and fixed-width formats.
import { sourceStream } from './read-progress.js';
import { createInterface } from 'node:readline';
import { ImportError } from '../importer.js';

export interface TextLine {
  line: number;
  text: string;
}

export async function* textLines(file: string): AsyncGenerator<TextLine> {
  const stream = sourceStream(file, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  try {
    await opened;
  } catch (e) {
    throw new ImportError(file, `cannot be read: ${(e as Error).message}`);
  }
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    yield { line, text };
  }
}
