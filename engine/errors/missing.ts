// Reads that cannot miss unless the data is damaged: an index or key taken from the same structure, checked anyway.

/** An entry the code knows is present was not: a bug or a damaged snapshot, never the caller's mistake. */
export class MissingEntryError extends Error {
  constructor(what: string) {
    super(`${what} is missing`);
    this.name = 'MissingEntryError';
  }
}

/**
 * For the right-hand side of `??` after an indexed read or a map look-up: `ids[ix] ?? missing('entity id')`.
 * Keeps `noUncheckedIndexedAccess` meaningful where a cast would switch it off, at the price of one nullish test;
 * pass a constant description so that nothing is built unless the entry really is absent.
 */
export function missing(what: string): never {
  throw new MissingEntryError(what);
}
