// Where each sanctions list is published, in the formats the importers read.
import type { SanctionsList } from '../model/records.js';

/** The publishers' own addresses of their lists. */
export const SANCTIONS_LIST_URLS: Readonly<Record<SanctionsList, string>> = {
  OFAC: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML',
  EU: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw',
  UN: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
  UK: 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml',
};

/** The importer format of each list's publication at those addresses. */
export const SANCTIONS_LIST_FORMATS: Readonly<Record<SanctionsList, string>> = {
  OFAC: 'ofac-xml',
  EU: 'eu-xml',
  UN: 'un-xml',
  UK: 'uk-xml',
};

/** The variable that points a list at another address (a mirror, a local stand-in). */
export const sanctionsListVariable = (list: SanctionsList): string => `UNSHELL_SANCTIONS_${list}_URL`;
