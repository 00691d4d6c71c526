// Parameter schemas shared by several operations, with the limits of the specification.
import { z } from 'zod';
import { isCountryCode } from '../../model/countries.js';
import { ENTITY_TYPES, RISK_LEVELS } from '../../model/records.js';

export const EntityId = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-z][a-z0-9-]*:\S.*$/, 'expected an entity id of the form <namespace>:<id>, e.g. gb-coh:01234567')
  .describe('Entity id, e.g. gb-coh:01234567, lei:…, ofac:12345 (from search results)');

export const Query = z.string().trim().min(1, 'must not be empty').max(300);

export const Jurisdiction = z
  .string()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, { message: 'expected an ISO 3166-1 alpha-2 country code, e.g. GB' })
  .describe('ISO 3166-1 alpha-2 jurisdiction, e.g. GB, CY, VG');

export const EntityTypeParam = z.enum(ENTITY_TYPES).describe('company, person or asset');
export const RiskParam = z.enum(RISK_LEVELS).describe('HIGH, MED or LOW');

export const limit = (def: number, max: number): z.ZodDefault<z.ZodNumber> =>
  z.number().int().min(1).max(max).default(def).describe(`Maximum number of results (default ${def}, maximum ${max})`);

export const AccessToken = z
  .string()
  .min(1, 'must not be empty')
  .max(1000)
  .describe(
    "The access_token claim_dossier returned: unlocks the paid report of its entity's cluster (REST: also the X-Access-Token header)",
  );

export const SessionId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected a session_id from buy_dossier')
  .describe('The session_id buy_dossier (POST /api/public/checkout) returned');
