// Identifier look-up: one map per scheme from normalised value to entity, filled from every record's identifiers.
export class IdentifierIndex {
  readonly #maps = new Map<string, Map<string, number>>();

  /**
   * Several records can carry one identifier (a company's registry record and its GLEIF record both carry
   * its number). The record whose own id is in that scheme wins, so `lei:X` finds the GLEIF record itself.
   */
  add(scheme: string, value: string, entity: number, ownId: boolean): void {
    let map = this.#maps.get(scheme);
    if (map === undefined) {
      map = new Map<string, number>();
      this.#maps.set(scheme, map);
    }
    if (ownId || !map.has(value)) map.set(value, entity);
  }

  get(scheme: string, value: string): number | undefined {
    return this.#maps.get(scheme)?.get(value);
  }

  get size(): number {
    let n = 0;
    for (const m of this.#maps.values()) n += m.size;
    return n;
  }
}
