// `/search?q=…`: entity search (names and identifiers) or semantic search, with the filters in the URL.
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { hitRow } from '../format.js';
import { searchForm, stateOf } from '../search-form.js';
import type { Coverage, EntityHit } from '../types.js';
import type { Page } from './page.js';

export const renderSearch: Page = async (main, { query }) => {
  const state = stateOf(query);
  const results = h('section', { 'aria-live': 'polite', class: 'results' });
  replace(main, h('h1', {}, state.q === '' ? 'Search' : `Results for “${state.q}”`), searchForm(state), results);
  if (state.q === '') return;
  const answer = state.semantic
    ? await get<{ hits: EntityHit[]; coverage: Coverage; note: string | null }>('/semantic-search', {
        q: state.q,
        k: 25,
        kind: state.type,
        juris: state.juris.toUpperCase(),
      })
    : await get<{ hits: EntityHit[]; count: number }>('/entity/search', {
        q: state.q,
        type: state.type,
        juris: state.juris.toUpperCase(),
        risk: state.risk,
        limit: 50,
      });
  if (!answer.ok) return replace(results, apiErrorNote(answer.error));
  const hits = answer.body.hits.filter((hit) => state.risk === '' || hit.risk === state.risk);
  const coverage =
    'coverage' in answer.body
      ? h(
          'p',
          { class: 'coverage' },
          `Semantic search covers ${Math.round(answer.body.coverage.ratio * 100)}% of entities (${answer.body.coverage.scope}).`,
        )
      : null;
  if (hits.length === 0)
    return replace(
      results,
      coverage,
      h(
        'p',
        { class: 'empty' },
        'Nothing matched. Check the spelling, drop a filter, or try ',
        state.semantic ? 'a name instead of a description.' : 'describing it in words (semantic search).',
      ),
    );
  replace(results, coverage, h('p', {}, `${hits.length} found`), h('ul', { class: 'hits' }, ...hits.map(hitRow)));
};
