// `/dossier/{id}`: the free part of the dossier (identity, ownership, risk) and what the paid report adds.
import { get, idPath } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { entityLink, riskBadge } from '../format.js';
import { connectionsTable, entityFacts } from '../sections.js';
import type { Connection, FullEntity } from '../types.js';
import type { Page } from './page.js';

interface DossierAnswer {
  entity: FullEntity;
  ownership: { direct_owners: Connection[] };
  risk: { level: string; signals: Array<{ severity: string; summary: string }> };
  locked: string[];
}

export const renderDossier: Page = async (main, { params }) => {
  const id = params[0] ?? '';
  const d = await get<DossierAnswer>(`/dossier/${idPath(id)}`);
  if (!d.ok) return replace(main, h('h1', {}, 'Dossier'), apiErrorNote(d.error));
  const { entity, ownership, risk, locked } = d.body;
  replace(
    main,
    h('h1', {}, `Dossier: ${entity.name}`),
    h('p', {}, entityLink(entity), ' ', riskBadge(entity.risk)),
    entityFacts(entity),
    h('h2', {}, 'Risk'),
    h('ul', {}, ...risk.signals.map((s) => h('li', { class: `signal sev-${s.severity.toLowerCase()}` }, s.summary))),
    h('h2', {}, 'Direct owners'),
    ownership.direct_owners.length === 0
      ? h('p', {}, 'None on record.')
      : connectionsTable(ownership.direct_owners, 'Direct owners'),
    locked.length === 0
      ? null
      : h(
          'section',
          { class: 'locked' },
          h('h2', {}, 'In the full report'),
          h('ul', {}, ...locked.map((l) => h('li', {}, l))),
        ),
  );
};
