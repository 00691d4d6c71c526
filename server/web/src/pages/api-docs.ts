// `/docs/api`: the OpenAPI document as a list of operations, and how to connect an MCP client.
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import type { Page } from './page.js';

interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  'x-mcp-tool'?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
}

interface OpenApi {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

export const renderApiDocs: Page = async (main) => {
  const doc = await get<OpenApi>('/openapi.json');
  if (!doc.ok) return replace(main, h('h1', {}, 'API'), apiErrorNote(doc.error));
  const ops = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  replace(
    main,
    h('h1', {}, 'API'),
    h(
      'p',
      {},
      `${doc.body.info.title} ${doc.body.info.version}. Everything these pages show comes from this API. `,
      h('a', { href: '/api/public/openapi.json' }, 'The OpenAPI document'),
      ' describes every operation; an API key (',
      h('code', {}, 'Authorization: Bearer …'),
      ') lifts the anonymous limits.',
    ),
    h('h2', {}, 'MCP'),
    h(
      'p',
      {},
      'Agents connect through the MCP tool server: ',
      h('code', {}, 'unshell mcp'),
      ' over stdio, or over HTTP at ',
      h('code', {}, '/api/public/mcp'),
      ' with the same API key and credits: one tool per operation below that names its tool.',
    ),
    h('h2', {}, 'Operations'),
    ...ops.map(({ path, method, op }) =>
      h(
        'section',
        { class: 'operation' },
        h(
          'h3',
          {},
          h('code', {}, `${method} ${path}`),
          op.summary === undefined ? '' : ` — ${op.summary}`,
          op['x-mcp-tool'] === undefined ? '' : h('span', {}, ' · MCP tool ', h('code', {}, op['x-mcp-tool'])),
        ),
        op.description === undefined ? null : h('p', {}, op.description),
        (op.parameters ?? []).length === 0
          ? null
          : h(
              'ul',
              {},
              ...(op.parameters ?? []).map((p) =>
                h(
                  'li',
                  {},
                  h('code', {}, p.name),
                  ` (${p.in}${p.required === true ? ', required' : ''}) ${p.description ?? ''}`,
                ),
              ),
            ),
      ),
    ),
  );
};
