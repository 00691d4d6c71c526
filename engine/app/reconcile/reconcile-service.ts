// The reconciliation service's manifest, suggest services, property proposals and previews.
import type { Corpus } from '../../corpus.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { clusterListings } from '../../sanctions/cluster-listings.js';
import { ftmSchemaOf } from '../ftm/ftm-entity.js';
import { escapeHtml } from '../views/escape-html.js';
import {
  EXTEND_PROPERTIES,
  QUERY_PROPERTIES,
  RECONCILE_TYPES,
  matchingPrefix,
  type Named,
} from './reconcile-vocabulary.js';

export const RECONCILE_PATH = '/api/public/reconcile';
/** Suggestions per prefix by default, and at most. */
const SUGGEST_LIMIT = 10;
const MAX_SUGGEST = 50;

/**
 * The manifest: where each service lives, as absolute URLs under `base` (the address the client reached the service
 * by), and the web app's entity page as the view of an entity.
 */
export function manifest(base: string, webBase: string, version: string): Record<string, unknown> {
  const service = { service_url: `${base}${RECONCILE_PATH}` };
  return {
    versions: ['0.2'],
    name: 'unshell: companies, people, vessels, owners and sanctions',
    identifierSpace: `${webBase}/entity/`,
    schemaSpace: 'https://followthemoney.tech/explorer/schemata/',
    documentation: `${webBase}/api/public/openapi.json`,
    serviceVersion: version,
    defaultTypes: RECONCILE_TYPES.map(({ id, name }) => ({ id, name })),
    view: { url: `${webBase}/entity/{{id}}` },
    preview: { url: `${base}${RECONCILE_PATH}/preview?id={{id}}`, width: 420, height: 180 },
    suggest: {
      entity: { ...service, service_path: '/suggest/entity' },
      type: { ...service, service_path: '/suggest/type' },
      property: { ...service, service_path: '/suggest/property' },
    },
    extend: {
      propose_properties: { ...service, service_path: '/extend/propose' },
      property_settings: [],
    },
    batchSize: 25,
  };
}

export function suggestEntities(
  corpus: Corpus,
  prefix: string,
  limit = SUGGEST_LIMIT,
): { result: Array<Named & { notable: Named[] }> } {
  const { entities } = corpus;
  const seen = new Set<number>();
  const result: Array<Named & { notable: Named[] }> = [];
  const q = prefix.trim();
  if (q === '') return { result };
  const found = [
    ...identifierMatches(corpus, q),
    ...corpus.names.search(q, Math.min(MAX_SUGGEST, limit) * 2).map((m) => m.entity),
  ];
  for (const ix of found) {
    const cluster = entities.cluster(ix);
    if (seen.has(cluster) || result.length >= Math.min(limit, MAX_SUGGEST)) continue;
    seen.add(cluster);
    const schema = ftmSchemaOf(entities.record(cluster));
    result.push({
      id: entities.ids.at(cluster) ?? '',
      name: entities.names.at(cluster) ?? '',
      description: [schema, entities.jurisdiction(cluster), entities.source(cluster)]
        .filter((x) => x !== null)
        .join(' · '),
      notable: [{ id: schema, name: RECONCILE_TYPES.find((t) => t.id === schema)?.name ?? schema }],
    });
  }
  return { result };
}

export function suggestTypes(prefix: string): { result: Named[] } {
  return { result: matchingPrefix(RECONCILE_TYPES, prefix) };
}

export function suggestProperties(prefix: string): { result: Named[] } {
  return { result: matchingPrefix(QUERY_PROPERTIES, prefix) };
}

export function proposeProperties(
  type: string | undefined,
  limit: number | undefined,
): {
  type?: string;
  limit?: number;
  properties: Named[];
} {
  const properties = EXTEND_PROPERTIES.slice(0, limit ?? EXTEND_PROPERTIES.length);
  return { ...(type === undefined ? {} : { type }), ...(limit === undefined ? {} : { limit }), properties };
}

/** A small HTML card for OpenRefine's preview frame: name, type, country, risk and the lists naming the entity. */
export function previewHtml(corpus: Corpus, ix: number, webBase: string): string {
  const { entities } = corpus;
  const cluster = entities.cluster(ix);
  const id = entities.ids.at(cluster) ?? '';
  const lists = [...new Set(clusterListings(corpus, cluster).map((l) => l.listing.list))];
  const facts = [
    ftmSchemaOf(entities.record(cluster)),
    entities.jurisdiction(cluster),
    `risk ${entities.risk(cluster)}`,
  ]
    .filter((x) => x !== null)
    .join(' · ');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(entities.names.at(cluster) ?? id),
    '</title><style>body{font:14px/1.4 system-ui,sans-serif;margin:8px;color:#1b1f24}h1{font-size:16px;margin:0 0 4px}',
    '.facts{color:#57606a}.lists{color:#a40e26;font-weight:600}a{color:#0550ae}</style></head><body>',
    `<h1>${escapeHtml(entities.names.at(cluster) ?? id)}</h1>`,
    `<div class="facts">${escapeHtml(facts)}</div>`,
    lists.length > 0 ? `<div class="lists">Sanctioned: ${escapeHtml(lists.join(', '))}</div>` : '',
    `<div><a href="${escapeHtml(`${webBase}/entity/${encodeURIComponent(id)}`)}" target="_blank" rel="noopener">${escapeHtml(id)}</a></div>`,
    '</body></html>',
  ].join('');
}
