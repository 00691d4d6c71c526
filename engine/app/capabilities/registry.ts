// The one list of capabilities: the REST routes, the MCP tools and the OpenAPI document are all made from it.
import type { Capability } from '../contract/capability.js';
import { checkout } from './checkout.js';
import { claim } from './claim.js';
import { companyDetails } from './company-details.js';
import { dossier } from './dossier.js';
import { dossierReportHtml } from './dossier-report-html.js';
import { financials } from './financials.js';
import { getEntity } from './get-entity.js';
import { graph } from './graph.js';
import { lookupByIdentifier } from './lookup-by-identifier.js';
import { lookupCompany } from './lookup-company.js';
import { offshoreExposureCapability } from './offshore-exposure.js';
import { ownershipPath } from './ownership-path.js';
import { pricing } from './pricing.js';
import { pulse } from './pulse.js';
import { resolve } from './resolve.js';
import { sanctions } from './sanctions.js';
import { searchCompanies } from './search-companies.js';
import { searchEntities } from './search-entities.js';
import { semanticSearch } from './semantic-search.js';
import { similar } from './similar.js';
import { stats } from './stats.js';

// Order matters for routing: fixed paths (entity/search) before parameterised ones (entity/:id).
export const CAPABILITIES: readonly Capability[] = [
  searchEntities,
  semanticSearch,
  similar,
  searchCompanies,
  lookupCompany,
  lookupByIdentifier,
  resolve,
  getEntity,
  dossierReportHtml,
  dossier,
  ownershipPath,
  graph,
  sanctions,
  offshoreExposureCapability,
  companyDetails,
  financials,
  pulse,
  stats,
  pricing,
  checkout,
  claim,
];
