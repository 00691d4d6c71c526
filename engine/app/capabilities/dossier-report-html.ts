// GET /api/public/dossier/{id}/report.html: the enhanced report as one printable HTML document (REST only).
import { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { AccessToken, EntityId } from '../contract/params.js';
import { renderReportHtml } from '../report/render-html.js';
import { dossierBody, unlockedTier } from '../views/dossier-body.js';

export const dossierReportHtml = defineCapability({
  // An agent reads the JSON report of get_dossier; the document is for a person to read and print.
  tool: null,
  title: 'Printable dossier report',
  description:
    'The enhanced report of an entity as one printable HTML document: summary, ownership tree, timeline, financial history, ' +
    'sanctions, offshore exposure and two-hop screening, every sentence citing its sources. Needs the access token claim_dossier ' +
    'returned for an enhanced-tier purchase of this entity (query access_token, or header X-Access-Token), or the key or session of an ' +
    'account that unlocked its enhanced report; a standard-tier token answers 403 invalid_access_token.',
  method: 'GET',
  path: '/api/public/dossier/:id/report.html',
  input: z.object({ id: EntityId, access_token: AccessToken.optional() }),
  output: z.string().describe('An HTML document'),
  produces: 'text/html',
  cost: 1,
  errors: [403],
  annotations: READ_ONLY,
  run(ctx, { id, access_token }) {
    const tier = unlockedTier(ctx, id, access_token);
    if (tier === null)
      throw new ServiceError(
        'invalid_access_token',
        'the printable report needs an access_token (claim_dossier) or the key or session of an account that unlocked it',
        'access_token',
      );
    if (tier !== 'enhanced') {
      throw new ServiceError(
        'invalid_access_token',
        'this unlocks the standard report; the printable document comes with the enhanced tier',
        'access_token',
      );
    }
    return renderReportHtml(dossierBody(ctx, id, tier));
  },
});
