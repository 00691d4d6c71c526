// Collects the Sources a response cites and gives each a short ref (s1, s2, …) unique within the response.
import type { Provenance } from '../../model/records.js';
import type { Source } from '../../model/views.js';

export class SourceCollector {
  readonly #byKey = new Map<string, Source>();
  readonly #publicUrl: string;

  constructor(publicUrl: string) {
    this.#publicUrl = publicUrl;
  }

  /**
   * Records without a public page of their own (fictional demo and synthetic data) link to the service's
   * own record of the entity the claim is about, which is the only place such a claim can be checked.
   */
  add(p: Provenance, aboutId: string): Source {
    const url = p.url ?? `${this.#publicUrl}/api/public/entity/${encodeURIComponent(aboutId)}`;
    const key = `${p.source}|${p.record_id}|${url}`;
    let s = this.#byKey.get(key);
    if (s === undefined) {
      s = {
        ref: `s${this.#byKey.size + 1}`,
        source: p.source,
        url,
        retrieved_at: p.retrieved_at,
        record_id: p.record_id,
      };
      if (p.note !== undefined) s.note = p.note;
      this.#byKey.set(key, s);
    }
    return s;
  }

  list(): Source[] {
    return [...this.#byKey.values()];
  }
}
