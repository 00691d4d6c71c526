// A company's filed material: dated registry events for the pulse feed (2024 to November 2026) and accounts figures.
import { addMonths, dayNumber, instant, isoDate, longDate, monthEnd, monthOf, yearOf } from './dates.js';
import { bandWords, companyLinks, type Link } from './links.js';
import { LENDERS } from './names/company-words.js';
import { fullName, personName, type CultureKey } from './names/person-name.js';
import { syntheticProvenance, type Emit } from './provenance.js';
import { hashSeed, Weighted, type Rng } from './random.js';
import { companyNameOf, personDisplayName } from './replay.js';
import { PURPOSE, type World } from './world.js';

const WINDOW_START = dayNumber(2024, 1, 1) * 86400;
const FIRST_FILING_AFTER = 400; // days: first accounts and statements come after the first year
const WINDOW_END = (dayNumber(2026, 11, 21) + 1) * 86400 - 1; // 2026-11-21T23:59:59Z

const FORMER_OFFICER_CULTURES: readonly CultureKey[] = ['gb', 'gb', 'gb', 'gb', 'in', 'pl', 'de', 'ng', 'cn', 'it'];

type EventType =
  | 'accounts-filed'
  | 'confirmation-statement-filed'
  | 'officer-appointed'
  | 'officer-resigned'
  | 'psc-notified'
  | 'psc-ceased'
  | 'charge-created';

const EVENT_TYPES = new Weighted<EventType>([
  ['accounts-filed', 30],
  ['confirmation-statement-filed', 25],
  ['officer-appointed', 15],
  ['officer-resigned', 8],
  ['psc-notified', 8],
  ['psc-ceased', 4],
  ['charge-created', 6],
]);

function linkName(world: World, link: Link): string {
  return link.sourceType === 'person' ? personDisplayName(world, link.source) : companyNameOf(world, link.source).name;
}

/** A time of day in office hours mostly, as filings are stamped. */
function timeOfDay(rng: Rng): number {
  const hour = rng.chance(0.9) ? rng.int(8, 17) : rng.below(24);
  return hour * 3600 + rng.below(3600);
}

/** One to five events in the pulse window, oldest first; an incorporation event when the company is that new. */
export function companyEvents(
  world: World,
  c: number,
  id: string,
  name: string,
  incorporated: number,
  emit: Emit,
): void {
  const rng = world.rng.events.reseed(hashSeed(world.seed, PURPOSE.events, c));
  const from = Math.max(WINDOW_START, incorporated * 86400);
  if (from > WINDOW_END) return;
  const times: number[] = [];
  if (incorporated * 86400 >= WINDOW_START) times.push(incorporated * 86400 + timeOfDay(rng));
  const count = 1 + rng.below(5);
  for (let k = 0; k < count; k++) times.push(from + rng.below(WINDOW_END - from + 1));
  times.sort((a, b) => a - b);

  let links: Link[] | null = null;
  const officers = (): Link[] => (links ??= companyLinks(world, c));
  const incorporationMonth = monthOf(incorporated);
  times.forEach((seconds, i) => {
    const day = Math.floor(seconds / 86400);
    const at = Math.min(WINDOW_END, seconds);
    let type: EventType | 'incorporation';
    let summary: string;
    if (i === 0 && incorporated * 86400 >= WINDOW_START) {
      type = 'incorporation';
      summary = `${name} was incorporated.`;
    } else {
      type = EVENT_TYPES.sample(rng);
      // No accounts or confirmation statement in a company's first year: an appointment instead.
      if (
        (type === 'accounts-filed' || type === 'confirmation-statement-filed') &&
        day < incorporated + FIRST_FILING_AFTER
      ) {
        type = 'officer-appointed';
      }
      summary = eventSummary(world, rng, type, day, incorporationMonth, officers);
    }
    const n = world.counters.event++;
    emit.push({
      record: 'event',
      id: `syn-evt-${n}`,
      entity_id: id,
      kind: type === 'psc-notified' || type === 'psc-ceased' ? 'ownership' : 'filing',
      type,
      occurred_at: instant(at),
      summary,
      provenance: syntheticProvenance(`syn-evt-${n}`),
    });
  });
}

function eventSummary(
  world: World,
  rng: Rng,
  type: EventType,
  day: number,
  ardMonth: number,
  officers: () => Link[],
): string {
  switch (type) {
    case 'accounts-filed': {
      let year = yearOf(day);
      while (monthEnd(year, ardMonth) > day - 30) year -= 1;
      return `Accounts made up to ${longDate(monthEnd(year, ardMonth))} were filed.`;
    }
    case 'confirmation-statement-filed':
      return `A confirmation statement made up to ${longDate(day - rng.int(1, 14))} was filed.`;
    case 'officer-appointed': {
      const current = officers().filter((l) => l.kind === 'directorship' && l.end < 0);
      if (current.length === 0) return 'A new director was appointed.';
      const officer = rng.pick(current);
      return `${linkName(world, officer)} was appointed as a ${officer.role}.`;
    }
    case 'officer-resigned': {
      const former = officers().filter((l) => l.kind === 'directorship' && l.end >= 0);
      // Officers who left before the records began are not in the relationship set: a name for the summary only.
      if (former.length === 0)
        return `${fullName(personName(rng, rng.pick(FORMER_OFFICER_CULTURES)))} resigned as a director.`;
      const officer = rng.pick(former);
      return `${linkName(world, officer)} resigned as a ${officer.role}.`;
    }
    case 'psc-notified': {
      const owners = officers().filter((l) => l.kind !== 'directorship');
      if (owners.length === 0)
        return 'A statement that there is no registrable person with significant control was filed.';
      const owner = rng.pick(owners);
      const what =
        owner.band === null
          ? `with ${owner.natures[0]?.replaceAll('-', ' ') ?? 'significant control'}`
          : `holding ${bandWords(owner.band)} of shares`;
      return `${linkName(world, owner)} was notified as a person with significant control ${what}.`;
    }
    case 'psc-ceased':
      return 'A person with significant control ceased to be registrable.';
    case 'charge-created':
      return `A charge was created in favour of ${rng.pick(LENDERS)}.`;
  }
}

/**
 * One to three years of accounts ending at the last accounts made up. Small companies file abridged accounts, so
 * turnover and profit are often missing: null, never 0.
 */
export function financialsRecords(world: World, rng: Rng, id: string, lastAccounts: number, emit: Emit): void {
  const periods = 1 + rng.below(3);
  let turnover = Math.exp(12.5 + 1.8 * rng.normal());
  const small = turnover < 2_000_000;
  const perEmployee = Math.exp(11.3 + 0.4 * rng.normal());
  for (let k = 0; k < periods; k++) {
    const end = addMonths(lastAccounts, -12 * k);
    const start = addMonths(end, -12) + 1;
    const profit = turnover * (0.05 + 0.12 * rng.normal());
    const n = world.counters.financials++;
    emit.push({
      record: 'financials',
      entity_id: id,
      period_start: isoDate(start),
      period_end: isoDate(end),
      currency: 'GBP',
      turnover: small && rng.chance(0.6) ? null : Math.round(turnover),
      profit: small && rng.chance(0.5) ? null : Math.round(profit),
      net_assets: Math.round(turnover * (0.3 + 0.4 * rng.normal())),
      cash: rng.chance(0.2) ? null : Math.round(Math.abs(turnover * 0.1 * (1 + rng.normal()))),
      employees: rng.chance(0.15) ? null : Math.max(1, Math.round(turnover / perEmployee)),
      provenance: syntheticProvenance(`syn-fin-${n}`),
    });
    turnover /= Math.max(0.5, 1.08 + 0.1 * rng.normal()); // the year before, a little smaller on average
  }
}
