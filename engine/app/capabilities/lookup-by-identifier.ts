// GET /api/public/by-identifier: the entity holding an identifier of one of the eleven schemes.
import { z } from 'zod';
import { invalidParameter, notFound } from '../../errors/service-error.js';
import { IDENTIFIER_SCHEMES, normaliseIdentifier } from '../../identifiers/index.js';
import { FullEntitySchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { fullEntity } from '../views/entity-views.js';
import { SourceCollector } from '../views/sources.js';

export const lookupByIdentifier = defineCapability({
  tool: 'lookup_by_identifier',
  title: 'Look up by identifier',
  description:
    'The entity holding an identifier: lei (ISO 17442, check digits verified), ofac (SDN uid), eu (FSF logical id), un (reference such as QDi.430), ' +
    'uk (UK sanctions list unique id such as RUS0001), uen (Singapore), sec (SEC CIK), krs (Poland), gb-coh (UK company number), ' +
    'siren (France, Luhn-checked) or br-cnpj (Brazil, check digits verified). Values are normalised (padding, case, punctuation) before the look-up.',
  method: 'GET',
  path: '/api/public/by-identifier',
  input: z.object({
    scheme: z.enum(IDENTIFIER_SCHEMES).describe('Identifier scheme'),
    value: z.string().trim().min(1).max(64).describe('Identifier value'),
  }),
  output: z.object({
    scheme: z.enum(IDENTIFIER_SCHEMES),
    value: z.string().describe('The normalised value'),
    entity: FullEntitySchema,
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus, config }, { scheme, value }) {
    const r = normaliseIdentifier(scheme, value);
    if (!r.ok) throw invalidParameter('value', r.reason);
    const ix = corpus.identifiers.get(scheme, r.value);
    if (ix === undefined) throw notFound(`${scheme} identifier`, r.value);
    return { scheme, value: r.value, entity: fullEntity(corpus, ix, new SourceCollector(config.publicUrl)) };
  },
});
