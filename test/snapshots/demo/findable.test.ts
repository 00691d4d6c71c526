// Every demo investigation entity is findable by its name and by each of its identifiers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { searchEntities } from '../../../engine/app/capabilities/search-entities.js';
import { lookupByIdentifier } from '../../../engine/app/capabilities/lookup-by-identifier.js';
import type { Context } from '../../../engine/app/contract/capability.js';
import { parseInput } from '../../../engine/app/contract/validate.js';
import { isIdentifierScheme } from '../../../engine/identifiers/index.js';
import { EntityRecordSchema, type EntityRecord } from '../../../engine/model/records.js';
import { demoInvestigations } from '../../../snapshots/demo/investigations/all.js';
import { loadTestCorpus, testContext } from '../../helpers/snapshot.js';

let ctx: Context;
let remove: () => void;
const entities: EntityRecord[] = demoInvestigations()
  .filter((r) => r.record === 'entity')
  .map((r) => EntityRecordSchema.parse(r));

before(async () => {
  const t = await loadTestCorpus();
  remove = t.remove;
  ctx = testContext(t.corpus, new Date());
});
after(() => remove());

describe('every demo entity is findable', () => {
  it('by name, in the first page of hits', async () => {
    for (const e of entities) {
      const { hits } = await searchEntities.run(ctx, parseInput(searchEntities, { q: e.name }));
      assert.ok(
        hits.some((h) => h.id === e.id),
        `${e.id} "${e.name}" not found by name`,
      );
    }
  });

  it('by each of its identifiers', async () => {
    let checked = 0;
    for (const e of entities) {
      const ns = e.id.slice(0, e.id.indexOf(':'));
      const idents = [
        ...e.identifiers,
        ...(isIdentifierScheme(ns) ? [{ scheme: ns, value: e.id.slice(ns.length + 1) }] : []),
      ];
      for (const ident of idents) {
        if (!isIdentifierScheme(ident.scheme)) continue;
        const input = parseInput(lookupByIdentifier, { scheme: ident.scheme, value: ident.value });
        const found = await lookupByIdentifier.run(ctx, input);
        // Several records may carry one identifier (a registry record and its GLEIF record): the look-up must
        // land on this entity or on another record of the same real-world entity.
        assert.ok(
          found.entity.id === e.id ||
            found.entity.cluster_id === ctx.corpus.entities.record(ctx.corpus.entities.indexOf(e.id) ?? -1).cluster_id,
          `${ident.scheme}:${ident.value} → ${found.entity.id}, expected ${e.id}`,
        );
        const { hits } = await searchEntities.run(
          ctx,
          parseInput(searchEntities, { q: `${ident.scheme}:${ident.value}` }),
        );
        assert.ok(hits.length > 0, `search for ${ident.scheme}:${ident.value} found nothing`);
        checked += 1;
      }
    }
    assert.ok(checked >= 40, `only ${checked} identifiers checked`);
  });
});

describe('the whole demo corpus', () => {
  it('finds every entity by name (with its type and jurisdiction when namesakes crowd the first page) and by identifier', async () => {
    const { corpus } = ctx;
    let crowded = 0;
    for (let ix = 0; ix < corpus.entities.size; ix++) {
      const e = corpus.entities.record(ix);
      const { hits } = await searchEntities.run(ctx, parseInput(searchEntities, { q: e.name, limit: 50 }));
      if (!hits.some((h) => h.id === e.id)) {
        // Only namesakes may push an entity off the first page, and the filters must then reach it.
        assert.ok(hits.length === 50 && hits.every((h) => h.score === 1), `${e.id} "${e.name}" not found by name`);
        const filters = {
          q: e.name,
          limit: 50,
          type: e.type,
          ...(e.jurisdiction === null ? {} : { juris: e.jurisdiction }),
        };
        const narrowed = await searchEntities.run(ctx, parseInput(searchEntities, filters));
        assert.ok(
          narrowed.hits.some((h) => h.id === e.id),
          `${e.id} "${e.name}" not found even with filters`,
        );
        crowded += 1;
      }
      for (const ident of e.identifiers) {
        if (!isIdentifierScheme(ident.scheme)) continue;
        const found = ctx.corpus.identifiers.get(ident.scheme, ident.value);
        assert.ok(
          found !== undefined && corpus.entities.cluster(found) === corpus.entities.cluster(ix),
          `${e.id}: ${ident.scheme}:${ident.value} not found`,
        );
      }
    }
    assert.ok(crowded < corpus.entities.size / 100, `${crowded} entities only findable with filters`);
  });
});
