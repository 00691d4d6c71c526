// What the scorer read from a written name, kept per kind of subject: a corpus's names and a batch's queries recur.
import type { SubjectKind } from './subject-kind.js';

/**
 * A Map per kind, looked up by the name as written: a key joining kind and name would be a new string at every
 * lookup, hashed again each time (several lookups per pair of subjects scored). Cleared whole at `limit` entries.
 */
export class NamesRead<T> {
  readonly #byKind = new Map<SubjectKind, Map<string, T>>();
  #size = 0;

  constructor(private readonly limit: number) {}

  get(kind: SubjectKind, raw: string): T | undefined {
    return this.#byKind.get(kind)?.get(raw);
  }

  set(kind: SubjectKind, raw: string, value: T): void {
    if (this.#size >= this.limit) {
      this.#byKind.clear();
      this.#size = 0;
    }
    let names = this.#byKind.get(kind);
    if (names === undefined) this.#byKind.set(kind, (names = new Map<string, T>()));
    if (!names.has(raw)) this.#size++;
    names.set(raw, value);
  }
}
