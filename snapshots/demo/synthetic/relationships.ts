// Relationship records of the synthetic world: each company's owners, controllers and officers, GLEIF-style parent
// links between companies that both carry an LEI, and the owners of assets.
import type { Share } from '../../../engine/model/records.js';
import { isoDate } from './dates.js';
import { BAND_SHARE, companyLinks, type Link } from './links.js';
import { syntheticProvenance, type Emit, type RelationshipInput } from './provenance.js';
import { companyId, LEI, personId, type World } from './world.js';
import { missing } from '../../../engine/errors/missing.js';

const MAX_PARENT_HOPS = 16; // longer than any chain plus its group, so only cycles stop the walk

function relationship(
  world: World,
  source: string,
  target: string,
  kind: RelationshipInput['kind'],
  role: string,
  share: Share | null,
  natures: readonly string[],
  start: string | null,
  end: string | null,
): RelationshipInput {
  const n = world.counters.relationship++;
  return {
    record: 'relationship',
    source,
    target,
    kind,
    role,
    share: share === null ? null : { min: share.min, max: share.max },
    natures: [...natures],
    start_date: start,
    end_date: end,
    provenance: syntheticProvenance(`syn-rel-${n}`),
  };
}

function sourceId(world: World, link: Link): string {
  return link.sourceType === 'person' ? personId(link.source) : companyId(world, link.source);
}

const hasLei = (world: World, c: number): boolean => ((world.flags[c] ?? missing('company flags')) & LEI) !== 0;

/** The company's ownership, control and officer relationships, then its parent relationships. */
export function companyRelationships(world: World, c: number, emit: Emit): void {
  const target = companyId(world, c);
  for (const link of companyLinks(world, c)) {
    emit.push(
      relationship(
        world,
        sourceId(world, link),
        target,
        link.kind,
        link.role,
        link.band === null ? null : BAND_SHARE[link.band],
        link.natures,
        isoDate(link.start),
        link.end < 0 ? null : isoDate(link.end),
      ),
    );
  }
  const parent = world.owner[c] ?? missing('company owner');
  if (parent < 0 || !hasLei(world, c) || !hasLei(world, parent)) return;
  emit.push(
    relationship(
      world,
      companyId(world, parent),
      target,
      'parent',
      'direct-parent',
      null,
      ['IS_DIRECTLY_CONSOLIDATED_BY'],
      null,
      null,
    ),
  );
  // The ultimate parent is the top of the structure; GLEIF reports it even when it is also the direct parent.
  let top = parent;
  for (let hops = 0; hops < MAX_PARENT_HOPS; hops++) {
    const next = world.owner[top] ?? missing('company owner');
    if (next < 0) {
      if (hasLei(world, top) && (top !== parent || c % 2 === 0)) {
        emit.push(
          relationship(
            world,
            companyId(world, top),
            target,
            'parent',
            'ultimate-parent',
            null,
            ['IS_ULTIMATELY_CONSOLIDATED_BY'],
            null,
            null,
          ),
        );
      }
      return;
    }
    if (next === c) return; // a cycle has no ultimate parent
    top = next;
  }
}

/** An ownership relationship from a company or person to an asset. */
export function assetOwnership(
  world: World,
  source: string,
  assetId: string,
  role: string,
  share: Share | null,
  start: string | null,
): RelationshipInput {
  return relationship(world, source, assetId, 'ownership', role, share, [], start, null);
}
