// GET /api/public/pulse: the activity feed of ownership and filing events, paged by an instant cursor.
import { z } from 'zod';
import type { EventTimeline } from '../../store/event-timeline.js';
import { missing } from '../../errors/missing.js';
import { EVENT_KINDS } from '../../model/records.js';
import { EntityHitSchema, SourceSchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { limit } from '../contract/params.js';
import { SourceCollector } from '../views/sources.js';

export const PULSE_LIMIT = { default: 40, max: 100 } as const;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Epoch milliseconds of an ISO-8601 instant (`Z` or an offset; a bare date is midnight UTC), or null. Stricter than
 * Date.parse, which takes 2026-02-30. Sub-millisecond digits are dropped, which keeps an exclusive `since` exact
 * because event instants are whole milliseconds.
 */
export function parseInstant(s: string): number | null {
  const m = INSTANT.exec(s);
  if (m === null) return null;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate() || h > 23 || mi > 59 || sec > 59)
    return null;
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const zone = m[8] ?? 'Z';
  let offset = 0;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offset = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  return Date.UTC(y, mo - 1, d, h, mi, sec, ms) - offset;
}

/** A kind filter that lets every event through. */
const ANY_KIND = -1;

interface Page {
  /** Timeline positions, newest first. */
  positions: number[];
  hasMore: boolean;
}

/**
 * Takes matching events from `start` in direction `step` until `limit` are taken, then goes on while they share the
 * last one's instant, so that no instant is split across pages. Whatever matching event stops the walk is "more".
 */
function walk(t: EventTimeline, start: number, step: 1 | -1, max: number, kind: number): Page {
  const taken: number[] = [];
  for (let k = start; k >= 0 && k < t.size; k += step) {
    if (kind !== ANY_KIND && t.kind(k) !== kind) continue;
    const last = taken[taken.length - 1];
    if (last !== undefined && taken.length >= max && t.at(k) !== t.at(last))
      return { positions: step === 1 ? taken.reverse() : taken, hasMore: true };
    taken.push(k);
  }
  return { positions: step === 1 ? taken.reverse() : taken, hasMore: false };
}

const EventSchema = z.object({
  id: z.string(),
  kind: z.enum(EVENT_KINDS),
  type: z
    .string()
    .describe(
      'psc-notified, psc-ceased, parent-changed, accounts-filed, confirmation-statement-filed, officer-appointed, charge-created, …',
    ),
  occurred_at: z.string().describe('ISO-8601 UTC instant, as the source registry dated the event'),
  applied_at: z
    .string()
    .describe(
      'ISO-8601 UTC instant unshell applied the event at: the feed is ordered, and since and next_since page, by this instant',
    ),
  entity: EntityHitSchema,
  summary: z.string(),
  provenance: SourceSchema,
});

export const pulse = defineCapability({
  tool: 'get_pulse',
  title: 'Activity feed',
  description:
    'Recent ownership events (persons with significant control notified or ceased, parent changes) and filing events (accounts, confirmation ' +
    'statements, officer changes, charges, changes of name), each cited to its source registry, newest first within a page. ' +
    'The feed is ordered by applied_at, when unshell applied the event (a registry event published late is new when it arrives); ' +
    "occurred_at keeps the registry's own date. " +
    'Without since: the newest events; has_more then says whether older events exist beyond the page (they are not reachable by paging back: ' +
    'to read the feed from its start, pass since=1970-01-01T00:00:00Z). ' +
    'With since (exclusive): the earliest events after that instant; has_more says whether later events remain. ' +
    'To follow the feed, pass next_since (the newest applied_at in the page, or since again when the page is empty) as the next since: ' +
    'every event is seen exactly once. Events sharing an instant are never split across pages, so a page may hold more than limit. ' +
    `kind filters to ownership or filing; other kinds are reserved and return an empty page. limit defaults to ${PULSE_LIMIT.default}, at most ${PULSE_LIMIT.max}.`,
  method: 'GET',
  path: '/api/public/pulse',
  input: z.object({
    kind: z.string().max(40).optional().describe('ownership or filing; other values are reserved and return no events'),
    limit: limit(PULSE_LIMIT.default, PULSE_LIMIT.max),
    since: z
      .string()
      .max(64)
      .refine((s) => parseInstant(s) !== null, 'must be an ISO-8601 instant, e.g. 2026-11-01T00:00:00Z')
      .optional()
      .describe('Exclusive cursor: pass the next_since of the previous page'),
  }),
  output: z.object({
    events: z.array(EventSchema),
    next_since: z
      .string()
      .nullable()
      .describe('Cursor for the next poll; null only when there is no since and no event'),
    has_more: z.boolean(),
  }),
  cost: 1,
  paged: true,
  annotations: READ_ONLY,
  run({ corpus, config }, input) {
    const empty = { events: [], next_since: input.since ?? null, has_more: false };
    let kind = ANY_KIND;
    if (input.kind !== undefined) {
      kind = (EVENT_KINDS as readonly string[]).indexOf(input.kind);
      if (kind === -1) return empty;
    }
    const t = corpus.timeline;
    const page =
      input.since === undefined
        ? walk(t, t.size - 1, -1, input.limit, kind)
        : walk(t, t.firstAfter(parseInstant(input.since) ?? missing('the validated since')), 1, input.limit, kind);
    const sources = new SourceCollector(config.publicUrl);
    const events = page.positions.map((k) => {
      const e = corpus.events.records.get(t.record(k));
      const entity = corpus.entities.hit(t.entity(k));
      return {
        id: e.id,
        kind: e.kind,
        type: e.type,
        occurred_at: e.occurred_at,
        applied_at: new Date(t.at(k)).toISOString().replace('.000Z', 'Z'),
        entity,
        summary: e.summary,
        provenance: sources.add(e.provenance, entity.id),
      };
    });
    const newest = events[0];
    return newest === undefined ? empty : { events, next_since: newest.applied_at, has_more: page.hasMore };
  },
});
