// The human labels of the Companies House CSV products mapped to the API's keys, so that every source agrees.

/** `CompanyCategory` labels → API `company_type` keys (enumerations constants.yml). Unknown labels are kept as published. */
const COMPANY_TYPES: Record<string, string> = {
  'private limited company': 'ltd',
  'public limited company': 'plc',
  'pri/ltd by guar/nsc (private, limited by guarantee, no share capital)': 'private-limited-guarant-nsc',
  "pri/lbg/nsc (private, limited by guarantee, no share capital, use of 'limited' exemption)":
    'private-limited-guarant-nsc-limited-exemption',
  "pri/ltd sect. 30 (private limited company, use of 'limited' exemption)":
    'private-limited-shares-section-30-exemption',
  'private unlimited company': 'private-unlimited',
  'private unlimited': 'private-unlimited',
  'private unlimited company without share capital': 'private-unlimited-nsc',
  'limited liability partnership': 'llp',
  'limited partnership': 'limited-partnership',
  'scottish partnership': 'scottish-partnership',
  'charitable incorporated organisation': 'charitable-incorporated-organisation',
  'scottish charitable incorporated organisation': 'scottish-charitable-incorporated-organisation',
  'community interest company': 'community-interest-company',
  'overseas entity': 'registered-overseas-entity',
  'other company type': 'other',
  'royal charter company': 'royal-charter',
  'industrial and provident society': 'industrial-and-provident-society',
  'investment company with variable capital': 'investment-company-with-variable-capital',
  'european public limited-liability company (se)': 'european-public-limited-liability-company-se',
  'further education and sixth form college corps': 'further-education-or-sixth-form-college-corporation',
  'protected cell company': 'protected-cell-company',
  'assurance company': 'assurance-company',
  'old public company': 'old-public-company',
  'uk establishment': 'uk-establishment',
};

/** `CompanyStatus` labels → API `company_status` keys; the strike-off proposal is kept, it is a signal. */
const COMPANY_STATUSES: Record<string, string> = {
  active: 'active',
  dissolved: 'dissolved',
  liquidation: 'liquidation',
  'in administration': 'administration',
  administration: 'administration',
  'voluntary arrangement': 'voluntary-arrangement',
  'live but receiver manager on at least one charge': 'receivership',
  receivership: 'receivership',
  'receiver action': 'receivership',
  'active - proposal to strike off': 'active-proposal-to-strike-off',
  'converted/closed': 'converted-closed',
  'insolvency proceedings': 'insolvency-proceedings',
};

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function companyType(label: string): string | null {
  const s = label.trim();
  if (s === '') return null;
  return COMPANY_TYPES[s.toLowerCase()] ?? s;
}

export function companyStatus(label: string): string | null {
  const s = label.trim();
  if (s === '') return null;
  return COMPANY_STATUSES[s.toLowerCase()] ?? slug(s);
}
