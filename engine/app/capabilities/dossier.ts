// GET /api/public/dossier/{id}: identity across sources, ownership to the UBOs, risk signals — every claim cited.
import { z } from 'zod';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { AccessToken, EntityId } from '../contract/params.js';
import { DossierSchema, MAX_LISTED, dossierBody, unlockedTier, type DossierBody } from '../views/dossier-body.js';

export const dossier = defineCapability({
  tool: 'get_dossier',
  title: 'Entity dossier',
  description:
    'Everything known about an entity in one cited answer: the entity record; identity (the same real-world entity in other sources, with how it was linked and how sure that is); ' +
    'ownership (direct owners, holdings, the chain up to the ultimate beneficial owners with effective shares as intervals); ' +
    'risk (a level and the explainable signals behind it: sanctions, ownership by sanctioned parties, PEP, offshore leaks, secrecy-jurisdiction owners, ownership loops, formation-agent, mass-registration-address and nominee patterns, overdue filings, negative net assets); ' +
    `and sources: every source_ref resolves there, each with a public URL. Get the id from search_entities. At most ${MAX_LISTED} owners, holdings and chain hops are listed. ` +
    'report is null and locked lists what a paid report adds (see get_pricing and buy_dossier); with the access_token claim_dossier returned for this entity, or called with the key of an account that unlocked it, report is filled and locked is empty.',
  method: 'GET',
  path: '/api/public/dossier/:id',
  input: z.object({ id: EntityId, access_token: AccessToken.optional() }),
  output: DossierSchema,
  cost: 1,
  errors: [403],
  annotations: READ_ONLY,
  run(ctx, { id, access_token }): DossierBody {
    return dossierBody(ctx, id, unlockedTier(ctx, id, access_token));
  },
});
