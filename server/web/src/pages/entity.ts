// `/entity/{id}`: identity across sources, connections with their sources, sanctions and offshore exposure, risk.
import { get, idPath } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { entityLink, riskBadge, shareText } from '../format.js';
import { connectionsTable, entityFacts, sourceLink } from '../sections.js';
import type { Connection, EntityHit, FullEntity, Share, Source } from '../types.js';
import type { Page } from './page.js';

interface EntityAnswer {
  entity: FullEntity;
  connections: Connection[];
  connections_total: number;
}

interface DossierFree {
  identity: {
    linked_records: Array<{ id: string; name: string; source: string; method: string; confidence: number }>;
  };
  risk: { level: string; signals: Array<{ code: string; severity: string; summary: string }> };
}

interface SanctionsAnswer {
  sanctioned: boolean;
  listings: Array<{ list: string; program: string; listed_on: string | null; reference: string; url: string | null }>;
  via_ownership: Array<{
    owner: EntityHit;
    list: string;
    rule: string;
    verdict: string;
    effective_share: Share | null;
  }>;
}

interface OffshoreAnswer {
  level: string;
  hops: Array<{
    depth: number;
    to: EntityHit;
    share: Share | null;
    jurisdiction: string | null;
    secrecy: { secrecy_hop: boolean } | null;
    sanctioned: boolean;
    provenance: Source;
  }>;
}

export const renderEntity: Page = async (main, { params }) => {
  const id = params[0] ?? '';
  const path = idPath(id);
  const [entity, dossier, sanctions, offshore] = await Promise.all([
    get<EntityAnswer>(`/entity/${path}`, { limit: 250 }),
    get<DossierFree>(`/dossier/${path}`),
    get<SanctionsAnswer>(`/sanctions/${path}`),
    get<OffshoreAnswer>(`/offshore-exposure/${path}`),
  ]);
  if (!entity.ok) return replace(main, h('h1', {}, 'Entity not found'), apiErrorNote(entity.error));
  const e = entity.body.entity;
  const sections: Array<HTMLElement | null> = [];

  if (dossier.ok) {
    const r = dossier.body.risk;
    sections.push(
      h(
        'section',
        { 'aria-labelledby': 'risk' },
        h('h2', { id: 'risk' }, 'Risk ', riskBadge(e.risk)),
        r.signals.length === 0
          ? h('p', {}, 'No risk signal on record.')
          : h(
              'ul',
              {},
              ...r.signals.map((s) => h('li', { class: `signal sev-${s.severity.toLowerCase()}` }, s.summary)),
            ),
      ),
    );
    const linked = dossier.body.identity.linked_records;
    if (linked.length > 0)
      sections.push(
        h(
          'section',
          { 'aria-labelledby': 'identity' },
          h('h2', { id: 'identity' }, 'The same entity in other sources'),
          h(
            'ul',
            {},
            ...linked.map((l) =>
              h('li', {}, entityLink(l), ` — linked by ${l.method}, confidence ${Math.round(l.confidence * 100)}%`),
            ),
          ),
        ),
      );
  }

  if (sanctions.ok) {
    const s = sanctions.body;
    sections.push(
      h(
        'section',
        { 'aria-labelledby': 'sanctions' },
        h('h2', { id: 'sanctions' }, 'Sanctions'),
        s.listings.length === 0 && s.via_ownership.length === 0
          ? h('p', {}, 'Not listed, and no listed owner found up its ownership chains.')
          : null,
        s.listings.length > 0
          ? h(
              'ul',
              {},
              ...s.listings.map((l) =>
                h('li', {}, `Listed by ${l.list} (${l.program}) ${l.listed_on ?? ''} — reference ${l.reference}`),
              ),
            )
          : null,
        s.via_ownership.length > 0
          ? h(
              'ul',
              {},
              ...s.via_ownership.map((v) =>
                h(
                  'li',
                  {},
                  entityLink(v.owner),
                  ` (listed by ${v.list}) holds ${shareText(v.effective_share) || 'an unknown share'}: ${v.rule}, ${v.verdict}`,
                ),
              ),
            )
          : null,
      ),
    );
  }

  if (offshore.ok) {
    const o = offshore.body;
    sections.push(
      h(
        'section',
        { 'aria-labelledby': 'offshore' },
        h('h2', { id: 'offshore' }, `Offshore exposure: ${o.level}`),
        o.hops.length === 0
          ? h('p', {}, 'No owner on record.')
          : h(
              'ol',
              { class: 'chain' },
              ...o.hops.map((hop) =>
                h(
                  'li',
                  { class: hop.secrecy?.secrecy_hop === true ? 'secrecy' : '' },
                  `level ${hop.depth}: `,
                  entityLink(hop.to),
                  ` (${hop.jurisdiction ?? '—'}) ${shareText(hop.share)}`,
                  hop.secrecy?.secrecy_hop === true ? h('span', { class: 'badge flag' }, 'secrecy jurisdiction') : null,
                  hop.sanctioned ? h('span', { class: 'badge risk-high' }, 'sanctioned') : null,
                  ' ',
                  sourceLink(hop.provenance),
                ),
              ),
            ),
      ),
    );
  }

  const { connections, connections_total } = entity.body;
  replace(
    main,
    h('h1', {}, e.name),
    h(
      'p',
      { class: 'actions' },
      // A full page load: the graph page's policy lets its layout worker start.
      h('a', { href: `/entity/${path}/graph`, class: 'button' }, 'Ownership graph'),
      ' ',
      h('a', { href: `/dossier/${path}`, 'data-link': true, class: 'button' }, 'Dossier'),
    ),
    entityFacts(e),
    ...sections,
    h(
      'section',
      { 'aria-labelledby': 'connections' },
      h('h2', { id: 'connections' }, `Connections (${connections_total})`),
      connections.length === 0
        ? h('p', {}, 'No connection on record.')
        : connectionsTable(
            connections,
            connections_total > connections.length ? `The first ${connections.length}` : 'All',
          ),
    ),
    h(
      'section',
      { class: 'sources' },
      h('h2', {}, 'Sources'),
      h('ul', {}, ...e.sources.map((s) => h('li', {}, sourceLink(s)))),
    ),
  );
};
