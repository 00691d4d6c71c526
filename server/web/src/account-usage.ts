// The account page's plan and usage: the plan's limits, the month's credits against what it includes, and a month
// of requests per day as a chart, with each key's share.
import { accountCall, type PlanView, type UsageView } from './account-api.js';
import { dailyChart } from './daily-chart.js';
import { h, replace } from './dom.js';
import { facts, scrollable } from './sections.js';

const n = (v: number): string => v.toLocaleString('en');

export function planFacts(plan: PlanView): HTMLElement {
  const reports = plan.monthly_reports;
  return facts([
    [
      'Plan',
      `${plan.name}${plan.price_per_month === 0 ? ' (no subscription)' : ` (${plan.price_per_month} ${plan.currency} a month)`}`,
    ],
    ['Requests', `${n(plan.rate_per_minute)} a minute per key`],
    ['Resolve batch', `${n(plan.resolve_batch)} names`],
    ['Credits', `${n(plan.monthly_credits)} a month`],
    ['Reports included', reports === null ? 'none' : `${reports.count} ${reports.tier} a month`],
  ]);
}

/** A section that loads the usage and draws it; `refresh` draws it again (after a key was made or revoked). */
export function usageSection(): { section: HTMLElement; refresh: () => void } {
  const body = h('div', {}, h('p', {}, 'Loading usage…'));
  const refresh = (): void => {
    void accountCall<UsageView>('GET', '/usage').then((r) => {
      if (!r.ok) return replace(body, h('p', { class: 'notice error' }, r.error.message));
      const u = r.body;
      const meter = h('meter', {
        min: 0,
        max: u.included_credits,
        value: Math.min(u.used_credits, u.included_credits),
        'aria-label': 'Credits used this month',
      });
      replace(
        body,
        h(
          'p',
          {},
          `${n(u.used_credits)} of ${n(u.included_credits)} credits used from ${u.period.from}; `,
          u.remaining_credits > 0
            ? `${n(u.remaining_credits)} left until ${u.period.until}.`
            : u.metering
              ? 'the rest of the month is billed as metered API.'
              : `requests that cost credits are refused until ${u.period.until}.`,
        ),
        meter,
        h(
          'figure',
          {},
          h('figcaption', {}, 'Requests per day, last 30 days (UTC)'),
          dailyChart(
            'Requests per day',
            u.days.map((d) => ({ day: d.day, value: d.requests })),
            'requests',
          ),
        ),
        u.keys.length === 0
          ? h('p', {}, 'No key has been used yet.')
          : scrollable(
              h(
                'table',
                {},
                h('caption', {}, 'Each key over the last 30 days'),
                h('thead', {}, h('tr', {}, ...['Key', 'Requests', 'Credits'].map((c) => h('th', { scope: 'col' }, c)))),
                h(
                  'tbody',
                  {},
                  ...u.keys.map((k) =>
                    h(
                      'tr',
                      {},
                      h('td', {}, `${k.name} (${k.id})`),
                      h('td', {}, n(k.requests)),
                      h('td', {}, n(k.credits)),
                    ),
                  ),
                ),
              ),
              'Usage per key',
            ),
      );
    });
  };
  refresh();
  return {
    section: h('section', { 'aria-labelledby': 'usage' }, h('h2', { id: 'usage' }, 'Usage this month'), body),
    refresh,
  };
}
