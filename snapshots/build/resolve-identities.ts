// Cross-source resolution in the build: identifier links, candidate name matches and operator judgements into clusters.
import type { StringColumn } from '../../engine/store/string-column.js';
import path from 'node:path';
import { missing } from '../../engine/errors/missing.js';
import type { Provenance, RelationshipRecord } from '../../engine/model/records.js';
import { OPERATOR_NATURE } from '../../engine/resolution/linking.js';
import type { CandidateMatcher } from './candidate-matcher.js';
import type { IdentifierLinker } from './identifier-links.js';
import { applyIdentityLinks, type IdentityLink, type LinkOrigin } from './identity-clusters.js';
import type { Judgement } from './judgements.js';
import type { UnionFind } from './union-find.js';

/** Strengths by origin; name matches use their score (below 1). */
const STRENGTH: Record<Exclude<LinkOrigin, 'name'>, number> = { operator: 3, identifier: 2, published: 2 };

export interface ResolutionSummary {
  identifierLinks: number;
  nameLinks: number;
  operatorLinks: number;
  /** Links refused because they would join records an operator judged different. */
  refusedByJudgement: number;
  /** Links refused because they would join records publishing different values of one identifier scheme. */
  refusedForIdentifiers: number;
  /** Judgements naming a record absent from this build. */
  unknownJudgements: { at: string; id: string }[];
  /** Refused links, `a ~ b (origin): reason`, the first few. */
  examples: string[];
}

export interface ResolutionInput {
  clusters: UnionFind;
  ids: StringColumn;
  resolve: (id: string) => number | undefined;
  linker: IdentifierLinker;
  matcher: CandidateMatcher;
  /** Identity relationships published by the sources: source and target ids, flat. */
  published: readonly string[];
  judgements: readonly Judgement[];
  builtAt: string;
}

const MAX_EXAMPLES = 20;

/**
 * Unites `clusters` and returns the identity relationships the builder adds: identifier links and operator `same`
 * judgements that were not refused, and name matches that joined two clusters. Published identity relationships
 * stay as published, but one that was refused does not join its records.
 */
export function resolveIdentities(input: ResolutionInput): {
  relationships: RelationshipRecord[];
  summary: ResolutionSummary;
} {
  const { ids, linker } = input;
  const summary: ResolutionSummary = {
    identifierLinks: 0,
    nameLinks: 0,
    operatorLinks: 0,
    refusedByJudgement: 0,
    refusedForIdentifiers: 0,
    unknownJudgements: [],
    examples: [],
  };
  const same: { a: number; b: number; judgement: Judgement }[] = [];
  const different: [number, number][] = [];
  const differentPairs = new Set<string>();
  for (const j of input.judgements) {
    const a = input.resolve(j.a);
    const b = input.resolve(j.b);
    if (a === undefined || b === undefined) {
      summary.unknownJudgements.push({ at: j.at, id: a === undefined ? j.a : j.b });
      continue;
    }
    if (j.judgement === 'same') same.push({ a: Math.min(a, b), b: Math.max(a, b), judgement: j });
    else {
      different.push([a, b]);
      differentPairs.add(`${Math.min(a, b)} ${Math.max(a, b)}`);
    }
  }

  const published: [number, number][] = [];
  for (let i = 0; i < input.published.length; i += 2) {
    const s = input.resolve(input.published[i] ?? missing('published identity end'));
    const t = input.resolve(input.published[i + 1] ?? missing('published identity end'));
    // Links to unknown records and self-links are rejected when the relationships are written.
    if (s !== undefined && t !== undefined && s !== t) published.push([s, t]);
  }
  const keysOf = (ix: number): string[] => linker.keysOf(ix);
  const identifierLinks = linker.links();
  const nameLinks = input.matcher.links((a, b) => {
    if (differentPairs.has(`${a} ${b}`)) summary.refusedByJudgement += 1;
    else if (linksConflict(linker, a, b)) summary.refusedForIdentifiers += 1;
    else return false;
    if (summary.examples.length < MAX_EXAMPLES)
      summary.examples.push(
        `${ids.at(a)} ~ ${ids.at(b)} (name): ${differentPairs.has(`${a} ${b}`) ? 'operator-different' : 'conflicting-identifiers'}`,
      );
    return true;
  });
  const links: IdentityLink[] = [
    ...same.map((s) => ({ a: s.a, b: s.b, origin: 'operator' as const, strength: STRENGTH.operator })),
    ...identifierLinks.map((l) => ({ a: l.a, b: l.b, origin: 'identifier' as const, strength: STRENGTH.identifier })),
    ...published.map(([a, b]) => ({ a, b, origin: 'published' as const, strength: STRENGTH.published })),
    ...nameLinks.map((l) => ({ a: l.a, b: l.b, origin: 'name' as const, strength: l.score })),
  ];
  const { outcome, refusals } = applyIdentityLinks(input.clusters, links, keysOf, different);
  for (const r of refusals) {
    if (r.reason === 'operator-different') summary.refusedByJudgement += 1;
    else summary.refusedForIdentifiers += 1;
    if (summary.examples.length < MAX_EXAMPLES)
      summary.examples.push(`${ids.at(r.link.a)} ~ ${ids.at(r.link.b)} (${r.link.origin}): ${r.reason}`);
  }

  const relationships: RelationshipRecord[] = [];
  const identity = (
    a: number,
    b: number,
    linkedBy: NonNullable<RelationshipRecord['linked_by']>,
    natures: string[],
    provenance: Provenance,
    confidence?: number,
  ): RelationshipRecord => ({
    record: 'relationship',
    source: ids.at(b) ?? missing('entity id'),
    target: ids.at(a) ?? missing('entity id'),
    kind: 'identity',
    role: 'same-as',
    share: null,
    natures,
    ...(confidence === undefined ? {} : { confidence }),
    linked_by: linkedBy,
    start_date: null,
    end_date: null,
    provenance,
  });
  let at = 0;
  same.forEach((s) => {
    if (outcome[at++] === 'refused') return;
    summary.operatorLinks += 1;
    const line = s.judgement.at.slice(s.judgement.at.lastIndexOf(':') + 1);
    const provenance: Provenance = {
      source: 'operator',
      record_id: `${path.basename(s.judgement.at.slice(0, s.judgement.at.lastIndexOf(':')))}:${line}`,
      url: null,
      retrieved_at: input.builtAt,
      ...(s.judgement.note === undefined ? {} : { note: s.judgement.note }),
    };
    relationships.push(identity(s.a, s.b, 'operator', [OPERATOR_NATURE], provenance, 1));
  });
  for (const l of identifierLinks) {
    if (outcome[at++] === 'refused') continue;
    summary.identifierLinks += 1;
    relationships.push(identity(l.a, l.b, 'identifier', [...l.natures].sort(), l.provenance));
  }
  at += published.length;
  // A name match between records already joined by stronger evidence adds nothing to show.
  for (const l of nameLinks) {
    if (outcome[at++] !== 'joined') continue;
    summary.nameLinks += 1;
    relationships.push(identity(l.a, l.b, 'name', l.natures, l.provenance, l.score));
  }
  return { relationships, summary };
}

/** The identifier linker's pairwise conflict test, both ways round. */
function linksConflict(linker: IdentifierLinker, a: number, b: number): boolean {
  const ka = linker.keysOf(a);
  const kb = linker.keysOf(b);
  if (ka.length === 0 || kb.length === 0) return false;
  return linker.conflict(a, kb) || linker.conflict(b, ka);
}

/** One log line: how many links of each kind, and what was refused. */
export function describeResolution(rs: ResolutionSummary, linker: IdentifierLinker, matcher: CandidateMatcher): string {
  return (
    `linked ${rs.identifierLinks} records by shared identifiers (${linker.conflicts} candidate links refused for conflicting identifiers), ` +
    `${rs.nameLinks} by name matching (${matcher.candidatePairs} candidate pairs, ${matcher.skippedKeys} over-common name keys skipped), ` +
    `${rs.operatorLinks} by operator judgement; refused ${rs.refusedByJudgement} links for judgements, ${rs.refusedForIdentifiers} for conflicting identifiers`
  );
}
