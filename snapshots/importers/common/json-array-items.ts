// Streams the objects of one top-level array (`{"records":[{…},{…}]}`) out of a JSON file of any size.
import { sourceText } from './read-progress.js';
import { ImportError } from '../importer.js';

export type JsonItem = { line: number; value: unknown } | { line: number; error: string };

/**
 * Yields each object of the array under top-level key `key`, parsed, with the line it starts on. Only one object
 * is held at a time: the scanner tracks strings and nesting and hands each complete object to JSON.parse. An
 * object that JSON.parse rejects is yielded as an error and the scan goes on; a file that ends inside the array
 * (truncated) or has no such array throws ImportError.
 */
export async function* jsonArrayItems(file: string, key: string): AsyncGenerator<JsonItem> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let stringStart = -1;
  let lastKey = '';
  let inTarget = false;
  let found = false;
  let parts: string[] | null = null;
  let itemLine = 0;
  let pending: string | null = null;
  try {
    for await (const s of sourceText(file)) {
      let captureFrom = parts === null ? -1 : 0;
      const out: JsonItem[] = [];
      // Strings spanning chunks only matter at depth 1, where keys are short; keep their head.
      if (pending !== null) stringStart = 0;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c === 10) line += 1;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92) escaped = true;
          else if (c === 34) {
            inString = false;
            if (depth === 1 && stringStart !== -1) lastKey = (pending ?? '') + s.slice(stringStart, i);
            pending = null;
            stringStart = -1;
          }
          continue;
        }
        if (c === 34) {
          inString = true;
          stringStart = i + 1;
          pending = null;
        } else if (c === 123 || c === 91) {
          if (inTarget && depth === 2 && c === 123) {
            parts = [];
            captureFrom = i;
            itemLine = line;
          }
          if (depth === 1 && c === 91 && lastKey === key) {
            inTarget = true;
            found = true;
          }
          depth += 1;
        } else if (c === 125 || c === 93) {
          depth -= 1;
          if (depth === 1 && inTarget) inTarget = false;
          if (parts !== null && depth === 2) {
            parts.push(s.slice(captureFrom, i + 1));
            const text = parts.join('');
            parts = null;
            captureFrom = -1;
            try {
              out.push({ line: itemLine, value: JSON.parse(text) as unknown });
            } catch (e) {
              out.push({ line: itemLine, error: (e as Error).message });
            }
          }
        }
      }
      if (parts !== null && captureFrom !== -1) parts.push(s.slice(captureFrom));
      if (inString && depth === 1 && stringStart !== -1) pending = (pending ?? '') + s.slice(stringStart);
      yield* out;
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new ImportError(file, 'file not found');
    throw e;
  }
  if (!found) throw new ImportError(file, `no "${key}" array at the top level`);
  if (depth !== 0 || inString) throw new ImportError(file, 'the file ends inside the JSON (truncated?)', line);
}
