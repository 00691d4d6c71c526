// The server-level instructions an agent reads first, generated from the tools that exist at run time.
import type { Capability } from '../../engine/app/contract/capability.js';
import { MAX_RESULT_CHARS, toolCapabilities, toolDefinition } from './tool-from-capability.js';

/** What each tool is for, in a phrase; a tool without one here is still listed with its own description. */
const FINDING: Record<string, string> = {
  search_entities: 'search_entities finds companies, people and assets by name or identifier across every source',
  resolve: 'resolve turns a batch of names or scheme:value identifiers into canonical ids, each with a confidence',
  lookup_by_identifier:
    'lookup_by_identifier takes one identifier (LEI, OFAC/EU/UN/UK sanctions id, UEN, SEC CIK, KRS, GB-COH, SIREN, CNPJ)',
  search_companies: 'search_companies finds a UK company number from a name, for lookup_company',
};

const USING_AN_ID: Record<string, string> = {
  get_entity: 'get_entity (the record and its direct connections)',
  get_dossier:
    'get_dossier (identity across sources, ownership to the ultimate beneficial owners, risk signals, every claim cited: the most complete single answer)',
  trace_ownership_path: 'trace_ownership_path (root=<id>: the ownership chain upward to the UBOs, hop by hop)',
  get_sanctions: 'get_sanctions (listings of the entity, its cluster and its owners under the OFAC 50% rule)',
  check_offshore_exposure: 'check_offshore_exposure (sanctioned and secrecy-jurisdiction hops on its ownership chain)',
  find_similar: 'find_similar (nearest entities by meaning)',
  get_company_details:
    'get_company_details and get_financials (UK companies only; other entities answer not_applicable)',
};

function limitsOf(capability: Capability & { tool: string }): string[] {
  const properties = (toolDefinition(capability).inputSchema.properties ?? {}) as Record<
    string,
    { default?: unknown; maximum?: unknown }
  >;
  const out: string[] = [];
  for (const [name, p] of Object.entries(properties)) {
    if (typeof p.maximum !== 'number') continue;
    out.push(
      `${capability.tool}.${name} ${p.default === undefined ? '' : `default ${JSON.stringify(p.default)}, `}max ${p.maximum}`,
    );
  }
  return out;
}

export function serverInstructions(capabilities: readonly Capability[]): string {
  const tools = toolCapabilities(capabilities);
  const has = new Set(tools.map((c) => c.tool));
  const present = (phrases: Record<string, string>): string[] =>
    Object.entries(phrases)
      .filter(([t]) => has.has(t))
      .map(([, p]) => p);
  const lines: string[] = [
    'unshell answers who owns a company and whether anyone involved is sanctioned, over a corpus of companies, people and assets ' +
      'from UK Companies House, ICIJ Offshore Leaks, GLEIF and the OFAC, EU, UN and UK sanctions lists. Answers cite their sources: ' +
      "every source_ref resolves in the answer's sources, each with a public URL a person can check.",
  ];
  const finding = present(FINDING);
  if (finding.length > 0) lines.push(`To find an entity: ${finding.join('; ')}.`);
  if (has.has('lookup_company'))
    lines.push(
      'lookup_company takes a UK company number and returns the company with its ownership graph (officers, PSCs, parents, subsidiaries).',
    );
  const usingId = present(USING_AN_ID);
  if (usingId.length > 0) {
    lines.push(
      `Entity ids look like gb-coh:01234567, lei:…, ofac:12345; any id of a cluster works. Pass an id from those results to ${usingId.join('; ')}.`,
    );
  }
  if (has.has('semantic_search') || has.has('find_similar')) {
    lines.push(
      'semantic_search and find_similar have partial coverage: only embedded entities are served (mostly sanctions- and PEP-listed persons; each answer carries the live coverage figure). ' +
        'A thin or empty answer means the entity is not embedded, not that it does not exist: combine them with search_entities.',
    );
  }
  if (has.has('get_pulse'))
    lines.push(
      'get_pulse lists recent ownership and filing events, newest first; to poll, pass the last next_since as since.',
    );
  if (has.has('get_pricing') && has.has('buy_dossier') && has.has('claim_dossier')) {
    lines.push(
      'A paid report: get_pricing (the tiers) → buy_dossier (entity_id, tier) returns a checkout_url a person opens to pay → claim_dossier (session_id) once paid returns an access_token → ' +
        'get_dossier with that access_token fills report. Without a token, report is null and locked lists what it would add. ' +
        "claim_dossier answers payment_required until the person has paid (ask them, then call it again); a token unlocks one entity's cluster until its expires_at, and invalid_access_token means it is for another entity, expired or altered.",
    );
  }
  const limits = tools.flatMap(limitsOf);
  if (limits.length > 0) lines.push(`Limits (a value above a maximum is an error, not capped): ${limits.join('; ')}.`);
  lines.push(
    `A result is at most ${Math.floor(MAX_RESULT_CHARS / 1000)} kB of JSON: a paged tool (${tools
      .filter((t) => t.paged === true)
      .map((t) => t.tool)
      .join(
        ', ',
      )}) answers a smaller page with its cursor to the rest; other tools refuse a larger result with payload_too_large: narrow the request. ` +
      'tools/list outlines each output schema; resources/read of unshell://schema/<tool> gives it in full. ' +
      'Errors come back as tool errors with {"error":{"code","message","param"?}}: invalid_parameter or missing_parameter (fix the named parameter), ' +
      'not_found (search for the entity first), not_applicable, not_ready (the snapshot is loading: retry shortly), rate_limited, and timeout or upstream_unavailable when a remote API did not answer.',
  );
  return lines.join('\n\n');
}
