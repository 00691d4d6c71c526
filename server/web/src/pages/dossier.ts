// `/dossier/{id}`: the free dossier, and the full report as a person buys it: choose a tier, pay at the checkout,
// come back, and the report shows; the access token is kept in this browser for the entity, never in the URL.
import { get, idPath, post } from '../api.js';
import { accountCall } from '../account-api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { entityLink, riskBadge, shareText } from '../format.js';
import { connectionsTable, entityFacts, facts, scrollable } from '../sections.js';
import { forgetToken, rememberToken, tokenFor } from '../tokens.js';
import type { Connection, EntityHit, FullEntity, Share, Source } from '../types.js';
import type { Page } from './page.js';

interface Report {
  tier: string;
  generated_at: string;
  summary: Array<{ text: string; source_refs: string[] }>;
  ownership_tree: {
    hops: Array<{
      depth: number;
      from: EntityHit;
      to: EntityHit;
      role: string;
      share: Share | null;
      effective_share: Share | null;
    }>;
    ubos: Array<{ entity: EntityHit; effective_share: Share | null; control: boolean }>;
  };
  timeline: Array<{ occurred_at: string; kind: string; summary: string; entity: EntityHit }>;
  screening: Array<{ entity: EntityHit; distance: number; risk: string; sanctioned: boolean; relation: string }> | null;
}

interface DossierAnswer {
  entity: FullEntity;
  ownership: { direct_owners: Connection[] };
  risk: { level: string; signals: Array<{ severity: string; summary: string }> };
  sources: Source[];
  report: Report | null;
  locked: string[];
}

interface Pricing {
  currency: string;
  payment_mode: string;
  dossiers: Array<{ tier: string; price: number; contains: string[] }>;
}

interface Checkout {
  session_id: string;
  checkout_url: string;
}

interface Claim {
  access_token: string;
  entity_id: string;
  cluster_id: string;
  tier: string;
  expires_at: string;
}

const cite = (refs: readonly string[], sources: readonly Source[]): HTMLElement =>
  h(
    'sup',
    { class: 'refs' },
    ...refs.map((r) => {
      const s = sources.find((x) => x.ref === r);
      return s?.url === null || s === undefined
        ? h('span', {}, `[${r}]`)
        : h('a', { href: s.url, rel: 'noopener noreferrer', title: `${s.source} · ${s.record_id}` }, `[${r}]`);
    }),
  );

function reportSections(report: Report, sources: readonly Source[]): HTMLElement[] {
  const t = report.ownership_tree;
  return [
    h('h2', {}, `Full report (${report.tier}), generated ${report.generated_at}`),
    h(
      'section',
      { class: 'summary' },
      ...report.summary.map((s) => h('p', {}, s.text, ' ', cite(s.source_refs, sources))),
    ),
    h('h3', {}, 'Beneficial owners'),
    t.ubos.length === 0
      ? h('p', {}, 'No natural person on record.')
      : h(
          'ul',
          {},
          ...t.ubos.map((u) =>
            h(
              'li',
              {},
              entityLink(u.entity),
              ` ${shareText(u.effective_share) || 'unknown share'}${u.control ? ', control' : ''}`,
            ),
          ),
        ),
    h('h3', {}, 'Ownership tree'),
    h(
      'ol',
      { class: 'chain' },
      ...t.hops.map((hop) =>
        h(
          'li',
          {},
          `level ${hop.depth}: `,
          entityLink(hop.to),
          ` ${hop.role} of `,
          entityLink(hop.from),
          ` ${shareText(hop.share)}`,
          hop.effective_share === null ? '' : ` (effective ${shareText(hop.effective_share)})`,
        ),
      ),
    ),
    h('h3', {}, 'Timeline'),
    report.timeline.length === 0
      ? h('p', {}, 'No event on record.')
      : h(
          'ul',
          {},
          ...report.timeline.map((e) =>
            h('li', {}, `${e.occurred_at.slice(0, 10)} ${e.kind}: `, entityLink(e.entity), ` — ${e.summary}`),
          ),
        ),
    ...(report.screening === null
      ? []
      : [
          h('h3', {}, 'Screening of every party within two relationships'),
          scrollable(
            h(
              'table',
              {},
              h('caption', {}, 'Parties screened'),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...['Party', 'Distance', 'Relation', 'Risk', 'Sanctioned'].map((c) => h('th', { scope: 'col' }, c)),
                ),
              ),
              h(
                'tbody',
                {},
                ...report.screening.map((s) =>
                  h(
                    'tr',
                    {},
                    h('td', {}, entityLink(s.entity)),
                    h('td', {}, String(s.distance)),
                    h('td', {}, s.relation),
                    h('td', {}, s.risk),
                    h('td', {}, s.sanctioned ? 'yes' : 'no'),
                  ),
                ),
              ),
            ),
            'Parties screened',
          ),
        ]),
  ];
}

async function buy(entityId: string, tier: string, status: HTMLElement): Promise<void> {
  replace(status, 'Opening the checkout…');
  const made = await post<Checkout>('/checkout', { entity_id: entityId, tier });
  if (!made.ok) return replace(status, apiErrorNote(made.error));
  // Where the checkout sends the buyer back, this page claims the session: the session id is kept until then.
  window.sessionStorage.setItem(`unshell:checkout:${entityId}`, made.body.session_id);
  window.location.assign(made.body.checkout_url);
}

export const renderDossier: Page = async (main, input) => {
  const { params, query } = input;
  const id = params[0] ?? '';
  const status = h('div', { class: 'status', 'aria-live': 'polite' });
  // Back from the checkout: claim the session, keep the token, and take the session id out of the address.
  const session = query.get('checkout') ?? window.sessionStorage.getItem(`unshell:checkout:${id}`);
  if (session !== null) {
    const claim = await post<Claim>(`/checkout/${encodeURIComponent(session)}/claim`, {});
    if (claim.ok) {
      rememberToken(id, claim.body.cluster_id, claim.body.access_token, claim.body.expires_at);
      window.sessionStorage.removeItem(`unshell:checkout:${id}`);
    } else if (claim.error.code !== 'payment_required') {
      window.sessionStorage.removeItem(`unshell:checkout:${id}`);
    }
    if (query.has('checkout')) window.history.replaceState(null, '', `/dossier/${idPath(id)}`);
  }
  const token = tokenFor(id);
  let d = await get<DossierAnswer>(`/dossier/${idPath(id)}`, {}, token === null ? {} : { 'X-Access-Token': token });
  if (!d.ok && d.error.code === 'invalid_access_token') {
    forgetToken(id);
    d = await get<DossierAnswer>(`/dossier/${idPath(id)}`);
  }
  if (!d.ok) return replace(main, h('h1', {}, 'Dossier'), apiErrorNote(d.error));
  const { entity, ownership, risk, locked, report, sources } = d.body;
  const buying = h('section', { class: 'buy' });
  if (report === null && locked.length > 0) {
    const pricing = await get<Pricing>('/pricing');
    const tiers = pricing.ok ? pricing.body.dossiers : [];
    const currency = pricing.ok ? pricing.body.currency : '';
    replace(
      buying,
      h('h2', {}, 'The full report'),
      h('ul', {}, ...locked.map((l) => h('li', {}, l))),
      pricing.ok && pricing.body.payment_mode === 'test'
        ? h('p', { class: 'notice' }, 'Test mode: the checkout takes no real payment.')
        : null,
      h(
        'div',
        { class: 'tiers' },
        ...tiers.map((t) =>
          h(
            'button',
            { type: 'button', 'data-tier': t.tier, onclick: () => void buy(entity.id, t.tier, status) },
            `Buy the ${t.tier} report, ${t.price} ${currency}`,
          ),
        ),
      ),
      session !== null && tokenFor(id) === null
        ? h('p', {}, 'The payment is not confirmed yet: reload in a moment.')
        : null,
      await accountUnlock(entity.id, () => void renderDossier(main, input)),
      status,
    );
  }
  replace(
    main,
    h('h1', {}, `Dossier: ${entity.name}`),
    h(
      'p',
      { class: 'actions' },
      entityLink(entity),
      ' ',
      riskBadge(entity.risk),
      report === null ? null : h('button', { type: 'button', class: 'print', onclick: () => window.print() }, 'Print'),
    ),
    entityFacts(entity),
    h('h2', {}, 'Risk'),
    h('ul', {}, ...risk.signals.map((s) => h('li', { class: `signal sev-${s.severity.toLowerCase()}` }, s.summary))),
    h('h2', {}, 'Direct owners'),
    ownership.direct_owners.length === 0
      ? h('p', {}, 'None on record.')
      : connectionsTable(ownership.direct_owners, 'Direct owners'),
    ...(report === null ? [buying] : reportSections(report, sources)),
    report === null ? null : facts([['Unlocked in this browser until', tokenExpiry(id)]]),
  );
};

/**
 * For a signed-in account: one click spends one of its unlocks on this report (the page then reads it with the
 * session, no token); with none left, where to buy more. Nothing for a visitor who is not signed in.
 */
async function accountUnlock(entityId: string, done: () => void): Promise<HTMLElement | null> {
  const held = await accountCall<{ allowances: Array<{ tier: string; left: number }> }>('GET', '/dossiers');
  if (!held.ok) return null;
  const left = new Map<string, number>();
  for (const a of held.body.allowances) left.set(a.tier, (left.get(a.tier) ?? 0) + a.left);
  const note = h('div', { role: 'status', 'aria-live': 'polite' });
  if (left.size === 0)
    return h(
      'p',
      {},
      'Your account has no unlocks left: ',
      h('a', { href: '/pricing', 'data-link': '' }, 'buy a pack or a plan'),
      '.',
    );
  const buttons = [...left].map(([tier, count]) => {
    const b = h(
      'button',
      { type: 'button', 'data-unlock': tier },
      `Unlock the ${tier} report with your account (${count} left)`,
    );
    b.addEventListener('click', () => {
      b.disabled = true;
      void accountCall('POST', `/dossiers/${encodeURIComponent(entityId)}/unlock`, { tier }).then((r) => {
        if (!r.ok) {
          b.disabled = false;
          return replace(note, h('p', { class: 'notice error' }, r.error.message));
        }
        done();
      });
    });
    return b;
  });
  return h('div', { class: 'account-unlock' }, h('p', {}, 'Or with your account:'), ...buttons, note);
}

function tokenExpiry(id: string): string | null {
  const raw = window.localStorage.getItem(`unshell:token:${id}`);
  return raw === null ? null : ((JSON.parse(raw) as { expires_at?: string }).expires_at ?? null);
}
