// Companies House stream events for the tests: the real recorded samples, and events of the same shape about the
// test snapshot's companies (a sample re-addressed, or a hand-written one in the registry's format).
import { setTimeout as delay } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ChEvent {
  resource_kind: string;
  resource_uri: string;
  resource_id: string;
  data: Record<string, unknown>;
  event: { timepoint: number; published_at: string; type: 'changed' | 'deleted' };
}

/** The recorded sample of a stream (pretty-printed JSON, one event), as the registry sent it. */
export function sampleEvent(streaming: string, stream: string): ChEvent {
  return JSON.parse(readFileSync(path.join(streaming, `ch-guide_stream-sample_${stream}.json`), 'utf8')) as ChEvent;
}

/** The compact capture of the companies stream: three events as the registry sends them, one per line. */
export function companiesCapture(streaming: string): string[] {
  return readFileSync(path.join(streaming, 'companies-stream_company-profile-3-events.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

/** The sample moved to company `number` (its resource path and self link), at `timepoint`. */
export function readdressed(sample: ChEvent, number: string, timepoint: number): ChEvent {
  const move = (uri: string): string => uri.replace(/^\/company\/[^/]+/, `/company/${number}`);
  const links = (sample.data.links ?? {}) as Record<string, unknown>;
  return {
    ...sample,
    resource_uri: move(sample.resource_uri),
    data: {
      ...sample.data,
      links: { ...links, ...(typeof links.self === 'string' ? { self: move(links.self) } : {}) },
    },
    event: { ...sample.event, timepoint },
  };
}

/** A corporate PSC of `number` registered in `country`, holding `nature`, notified on `notified`. */
export function corporatePscEvent(options: {
  number: string;
  id: string;
  name: string;
  country: string;
  nature: string;
  notified: string;
  timepoint: number;
  published: string;
}): ChEvent {
  const self = `/company/${options.number}/persons-with-significant-control/corporate-entity/${options.id}`;
  return {
    resource_kind: 'company-psc-corporate',
    resource_uri: self,
    resource_id: options.id,
    data: {
      kind: 'corporate-entity-person-with-significant-control',
      name: options.name,
      identification: {
        legal_form: 'Limited Company',
        legal_authority: 'BVI Business Companies Act 2004',
        country_registered: options.country,
        place_registered: 'Registry of Corporate Affairs',
        registration_number: '2010477',
      },
      address: { premises: 'Craigmuir Chambers', locality: 'Road Town', country: options.country },
      natures_of_control: [options.nature],
      notified_on: options.notified,
      etag: `etag-${options.id}-${options.timepoint}`,
      links: { self },
    },
    event: { timepoint: options.timepoint, published_at: options.published, type: 'changed' },
  };
}

export const line = (event: ChEvent): string => JSON.stringify(event);

/** How often, and how long at most each time, a feed read waits for a rate limit to let it in again. */
const MAX_LIMITED = 30;
const LIMITED_WAIT_MS = 2_000;

/** `n` filings of company `number`, each its own transaction: the recorded filing, re-addressed and renumbered. */
export function manyFilings(streaming: string, number: string, n: number): string[] {
  const sample = sampleEvent(streaming, 'filings');
  return Array.from({ length: n }, (_, k) => {
    const e = readdressed(sample, number, 50_000_000 + k);
    const id = `KillTest${String(k).padStart(4, '0')}`;
    return line({
      ...e,
      resource_id: id,
      resource_uri: `/company/${number}/filing-history/${id}`,
      data: { ...e.data, transaction_id: id, links: { self: `/company/${number}/filing-history/${id}` } },
    });
  });
}

/** Every filing event in a service's feed, read page by page with next_since from `since`. */
export async function filingsInFeed(base: string, since: string, init: RequestInit = {}): Promise<string[]> {
  const seen: string[] = [];
  let limited = 0;
  let from = since;
  for (let page = 0; page < 100; page++) {
    const res = await fetch(`${base}/api/public/pulse?kind=filing&limit=100&since=${encodeURIComponent(from)}`, init);
    if (res.status === 429 && limited++ < MAX_LIMITED) {
      // Polled often, a client meets its rate limit: the page is asked again once the limit lets it in.
      await res.arrayBuffer();
      await delay(Math.min(LIMITED_WAIT_MS, Number(res.headers.get('retry-after') ?? 1) * 1000));
      page--;
      continue;
    }
    if (res.status !== 200) throw new Error(`${base}: pulse answered ${res.status}: ${await res.text()}`);
    const r = (await res.json()) as { events: Array<{ id: string }>; next_since: string; has_more: boolean };
    seen.push(...r.events.map((e) => e.id));
    from = r.next_since;
    if (!r.has_more) break;
  }
  return seen;
}
