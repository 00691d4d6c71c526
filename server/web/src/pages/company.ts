// `/company/{number}`: a UK company's profile, flags, charges, officers and PSCs, live state, and filed financials.
import { get } from '../api.js';
import { barChart } from '../chart.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { errorNote } from '../format.js';
import { connectionsTable, facts, sourceLink } from '../sections.js';
import type { Connection, Source } from '../types.js';
import type { Page } from './page.js';

interface Details {
  id: string;
  company_number: string;
  name: string;
  status: string | null;
  company_type: string | null;
  address: string | null;
  sic: Array<{ code: string; description: string | null }>;
  incorporated_on: string | null;
  dissolved_on: string | null;
  accounts: { last_made_up_to: string | null; next_due: string | null; overdue: boolean } | null;
  confirmation_statement: { last_made_up_to: string | null; next_due: string | null; overdue: boolean } | null;
  charges: { total: number; outstanding: number; satisfied: number; part_satisfied: number } | null;
  former_names: Array<{ name: string; ceased_on?: string | null }>;
  sources: Source[];
  live: boolean;
  note: string | null;
}

type Metric = 'turnover' | 'profit' | 'net_assets' | 'cash' | 'employees';

interface Financials {
  currency: string | null;
  periods: Array<{ period_end: string } & Partial<Record<Metric, number | null>>>;
}

const METRICS: Array<[Metric, string]> = [
  ['turnover', 'Turnover'],
  ['profit', 'Profit'],
  ['net_assets', 'Net assets'],
  ['cash', 'Cash'],
  ['employees', 'Employees'],
];

const compact = (v: number): string =>
  new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

const due = (d: { next_due: string | null; overdue: boolean } | null): string | HTMLElement | null =>
  d === null
    ? null
    : d.overdue
      ? h('span', { class: 'badge risk-high' }, `overdue (due ${d.next_due ?? '?'})`)
      : `next due ${d.next_due ?? '—'}`;

export const renderCompany: Page = async (main, { params }) => {
  const number = (params[0] ?? '').toUpperCase();
  const id = `gb-coh:${number.padStart(8, '0')}`;
  const [details, entity, financials] = await Promise.all([
    get<Details>(`/company-details/${encodeURIComponent(id)}`),
    get<{ connections: Connection[]; connections_total: number }>(`/entity/${encodeURIComponent(id)}`, { limit: 250 }),
    get<Financials>(`/financials/${encodeURIComponent(id)}`),
  ]);
  if (!details.ok)
    return replace(
      main,
      h('h1', {}, `Company ${number}`),
      details.error.code === 'not_found'
        ? errorNote(
            `No UK company numbered ${number} is known here.`,
            'Check the number (eight characters, such as 09446231 or SC123456), or search for the company by name from the home page.',
          )
        : apiErrorNote(details.error),
    );
  const d = details.body;
  const people = entity.ok ? entity.body.connections : [];
  const officers = people.filter((c) => c.direction === 'in' && c.kind !== 'ownership' && c.kind !== 'control');
  const owners = people.filter((c) => c.direction === 'in' && (c.kind === 'ownership' || c.kind === 'control'));
  const periods = financials.ok ? [...financials.body.periods].reverse() : [];
  const currency = financials.ok ? financials.body.currency : null;
  replace(
    main,
    h('h1', {}, d.name),
    h(
      'p',
      { class: d.live ? 'live on' : 'live off' },
      h('span', { class: 'badge' }, d.live ? 'live' : 'snapshot'),
      ' ',
      d.note ?? '',
    ),
    h(
      'p',
      { class: 'actions' },
      // A full page load: the graph page's policy lets its layout worker start.
      h('a', { href: `/entity/${encodeURIComponent(id)}/graph`, class: 'button' }, 'Ownership graph'),
      ' ',
      h('a', { href: `/entity/${encodeURIComponent(id)}`, 'data-link': true, class: 'button' }, 'Entity page'),
      ' ',
      h('a', { href: `/dossier/${encodeURIComponent(id)}`, 'data-link': true, class: 'button' }, 'Dossier'),
    ),
    facts([
      ['Company number', d.company_number],
      ['Status', d.status],
      ['Type', d.company_type],
      ['Registered office', d.address],
      ['Incorporated', d.incorporated_on],
      ['Dissolved', d.dissolved_on],
      ['Nature of business (SIC)', d.sic.map((s) => `${s.code} ${s.description ?? ''}`.trim()).join('; ')],
      ['Accounts', due(d.accounts)],
      ['Confirmation statement', due(d.confirmation_statement)],
      [
        'Charges',
        d.charges === null
          ? null
          : `${d.charges.total} registered, ${d.charges.outstanding} outstanding, ${d.charges.satisfied} satisfied`,
      ],
      ['Former names', d.former_names.map((f) => f.name).join('; ')],
    ]),
    h(
      'section',
      { 'aria-labelledby': 'pscs' },
      h('h2', { id: 'pscs' }, 'Persons with significant control and owners'),
      owners.length === 0 ? h('p', {}, 'None on record.') : connectionsTable(owners, 'Owners'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'officers' },
      h('h2', { id: 'officers' }, 'Officers'),
      officers.length === 0 ? h('p', {}, 'None on record.') : connectionsTable(officers, 'Officers and other roles'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'financials' },
      h('h2', { id: 'financials' }, 'Filed financials'),
      periods.length === 0
        ? h('p', {}, 'No accounts with figures on record.')
        : h(
            'div',
            { class: 'charts' },
            ...METRICS.filter(([m]) => periods.some((p) => typeof p[m] === 'number')).map(([m, label]) =>
              h(
                'figure',
                {},
                h('figcaption', {}, m === 'employees' || currency === null ? label : `${label} (${currency})`),
                barChart(
                  label,
                  periods
                    .filter((p) => typeof p[m] === 'number')
                    .map((p) => ({ label: p.period_end.slice(0, 4), value: p[m] ?? 0 })),
                  m === 'employees' ? (v) => v.toLocaleString('en-GB') : compact,
                ),
              ),
            ),
          ),
    ),
    h(
      'section',
      { class: 'sources' },
      h('h2', {}, 'Sources'),
      h('ul', {}, ...d.sources.map((s) => h('li', {}, sourceLink(s)))),
    ),
  );
};
