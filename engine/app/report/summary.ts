// The plain-language summary of a report: short sentences, each citing the sources it rests on.
import type { Corpus } from '../../corpus.js';
import { countryName } from '../../model/countries.js';
import type { Share } from '../../model/records.js';
import type { Report, Sentence } from './report-schema.js';

const MAX_NAMED = 5;

const percent = (s: Share | null): string => {
  if (s === null) return 'an unpublished share';
  const f = (n: number): string => `${Math.round(n * 100) / 100}%`;
  return s.min === s.max ? f(s.min) : `between ${f(s.min)} and ${f(s.max)}`;
};

const list = (items: string[]): string => {
  const named = items.slice(0, MAX_NAMED);
  const more = items.length - named.length;
  const all = more > 0 ? [...named, `${more} more`] : named;
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
};

/** Country names that take an article in running text: the United Kingdom, the Cayman Islands, the Bahamas. */
export function inCountry(code: string): string {
  const name = countryName(code) ?? code;
  return /^(United |Czech |Dominican |Central African )|Islands$|^(Netherlands|Bahamas|Philippines|Gambia|Maldives|Seychelles)$/.test(
    name,
  )
    ? `the ${name}`
    : name;
}

const money = (n: number, currency: string | null): string =>
  `${currency ?? ''} ${Math.round(n).toLocaleString('en-GB')}`.trim();

export function reportSummary(
  corpus: Corpus,
  entity: number,
  report: Report,
  risk: { level: string; signals: ReadonlyArray<{ code: string; summary: string; source_ref: string }> },
  now: Date,
): Sentence[] {
  const out: Sentence[] = [];
  const say = (text: string, refs: Iterable<string>): void => {
    const source_refs = [...new Set(refs)];
    if (source_refs.length > 0) out.push({ text, source_refs });
  };
  const record = corpus.entities.record(entity);
  const self = report.cluster.find((c) => c.method === 'self')!;

  // Identity.
  const where = record.jurisdiction === null ? '' : ` in ${inCountry(record.jurisdiction)}`;
  const kind =
    record.type === 'company'
      ? `a company registered${where}`
      : record.type === 'person'
        ? `a person${where === '' ? '' : ` associated with ${where.slice(4)}`}`
        : `an asset${where}`;
  const since = record.incorporation_date === null ? '' : `, incorporated on ${record.incorporation_date}`;
  const status = record.status === null ? '' : ` (status: ${record.status})`;
  say(`${record.name} is ${kind}${since}${status}.`, [self.source_ref]);
  const others = report.cluster.filter((c) => c.method !== 'self');
  if (others.length > 0) {
    say(
      `The same ${record.type} appears in ${others.length} other record${others.length === 1 ? '' : 's'}: ${list(others.map((c) => `${c.entity.name} (${c.entity.source}, linked by ${c.method})`))}.`,
      others.map((c) => c.source_ref),
    );
  }

  // Ownership.
  const tree = report.ownership_tree;
  const hopRefs = (ids: readonly string[][]): string[] =>
    tree.hops
      .filter((h) => ids.some((path) => path.includes(h.from.id) && path.includes(h.to.id)))
      .map((h) => h.provenance.ref);
  if (tree.ubos.length > 0) {
    say(
      `Its ultimate beneficial owner${tree.ubos.length === 1 ? ' on record is' : 's on record are'} ${list(tree.ubos.map((u) => `${u.entity.name}, holding ${percent(u.effective_share)}${u.control ? ' with control' : ''}`))}.`,
      tree.ubos.flatMap((u) => hopRefs(u.path_ids)),
    );
  }
  for (const end of tree.chain_ends.filter((e) => e.reason !== 'natural-person').slice(0, MAX_NAMED)) {
    const ref = end.provenance?.ref ?? tree.hops.find((h) => h.to.id === end.entity.id)?.provenance.ref;
    if (ref !== undefined)
      say(`The ownership chain stops at ${end.entity.name.replace(/\.?$/, '.')} ${end.summary.replace(/\.?$/, '.')}`, [
        ref,
      ]);
  }
  const loop = tree.cycles[0];
  if (loop !== undefined) {
    const names = loop.map((id) => corpus.entities.names.at(corpus.entities.indexOf(id) ?? -1) ?? id).join(' → ');
    say(
      `Its ownership loops back on itself: ${names}.`,
      tree.hops.filter((h) => loop.includes(h.from.id)).map((h) => h.provenance.ref),
    );
  }
  if (tree.hops.length === 0 && tree.chain_ends.length === 0) say('No owner of it is on record.', [self.source_ref]);

  // Sanctions and offshore.
  const { listings, via_ownership } = report.sanctions;
  if (listings.length > 0) {
    say(
      `It is on sanctions lists: ${list(listings.map((l) => `${l.list} (${l.program}${l.listed_on === null ? '' : `, since ${l.listed_on}`})`))}.`,
      listings.map((l) => l.source_ref),
    );
  }
  for (const v of via_ownership.filter((e) => e.verdict !== 'no').slice(0, MAX_NAMED)) {
    const rule = v.list === 'OFAC' ? 'the OFAC 50% rule' : `the ${v.list} owned-or-controlled test`;
    say(
      `${v.owner.name}, listed by ${v.list}, ${v.verdict === 'certain' ? 'owns or controls it' : 'may own or control it'} under ${rule}.`,
      [v.source_ref],
    );
  }
  const secrecy = report.offshore.secrecy_jurisdictions;
  if (secrecy.length > 0) {
    const hopsInto = tree.hops
      .filter((h) => secrecy.some((s) => s.code === h.to.jurisdiction))
      .map((h) => h.provenance.ref);
    say(
      `Its ownership involves ${secrecy.length === 1 ? 'a secrecy jurisdiction' : `${secrecy.length} secrecy jurisdictions`}, ${list(secrecy.map((s) => inCountry(s.code)))}; its offshore exposure is ${report.offshore.level}.`,
      [...secrecy.flatMap((s) => s.source_refs), ...hopsInto],
    );
  }

  // Risk.
  if (risk.signals.length > 0) {
    const codes = [...new Set(risk.signals.map((s) => s.code.replaceAll('-', ' ')))];
    say(
      `Its risk is rated ${risk.level} on ${risk.signals.length} signal${risk.signals.length === 1 ? '' : 's'}: ${list(codes)}.`,
      risk.signals.map((s) => s.source_ref),
    );
  }

  // Finances.
  const fin = report.financial_history;
  const newest = fin.periods[0];
  if (newest !== undefined) {
    const turnover = fin.changes.find((c) => c.metric === 'turnover' && c.to_period === newest.period_end);
    if (turnover !== undefined && turnover.change_pct !== null) {
      const older = fin.periods.find((p) => p.period_end === turnover.from_period)!;
      say(
        `Turnover ${turnover.to < turnover.from ? 'fell' : 'rose'} from ${money(turnover.from, fin.currency)} to ${money(turnover.to, fin.currency)} (${turnover.change_pct > 0 ? '+' : ''}${turnover.change_pct}%) in the year to ${newest.period_end}.`,
        [newest.source_ref, older.source_ref],
      );
    }
    if (newest.net_assets !== null && newest.net_assets < 0)
      say(`Its net assets were negative, ${money(newest.net_assets, fin.currency)}, at ${newest.period_end}.`, [
        newest.source_ref,
      ]);
  }

  // Latest activity.
  const latest = report.timeline[0];
  if (latest !== undefined)
    say(`The latest recorded event, on ${latest.occurred_at.slice(0, 10)}: ${latest.summary.replace(/\.$/, '')}.`, [
      latest.source_ref,
    ]);
  if (report.screening !== null) {
    const flagged = report.screening.filter((p) => p.sanctioned || p.risk === 'HIGH');
    say(
      flagged.length === 0
        ? `None of the ${report.screening.length} parties within two relationships of it is sanctioned or rated HIGH risk (screened ${now.toISOString().slice(0, 10)}).`
        : `Of the ${report.screening.length} parties within two relationships of it, ${flagged.length} ${flagged.length === 1 ? 'is' : 'are'} sanctioned or rated HIGH risk: ${list(flagged.map((p) => p.entity.name))}.`,
      (flagged.length === 0 ? report.screening : flagged)
        .slice(0, MAX_NAMED)
        .map((p) => p.source_ref)
        .concat(report.screening.length === 0 ? [self.source_ref] : []),
    );
  }
  return out;
}
