// Plain-language summaries of the PSC statement and exemption codes (after the official psc_descriptions.yml).

const STATEMENTS: Record<string, string> = {
  'no-individual-or-entity-with-signficant-control':
    'The company believes there is no registrable person or relevant legal entity with significant control.',
  'psc-exists-but-not-identified': 'The company believes there is a registrable person but has not identified them.',
  'psc-details-not-confirmed':
    'The company has identified a registrable person but their particulars are not confirmed.',
  'steps-to-find-psc-not-yet-completed':
    'The company has not yet completed taking reasonable steps to find its registrable persons.',
  'psc-contacted-but-no-response':
    'The company gave a notice under section 790D of the Act which has not been complied with.',
  'psc-has-failed-to-confirm-changed-details':
    'A person with significant control has failed to comply with a notice under section 790E of the Act.',
  'restrictions-notice-issued-to-psc':
    'The company has issued a restrictions notice to a person with significant control.',
  'awaiting-confirmation-from-psc': 'The company believes it has a PSC but has not yet had confirmation.',
  'all-beneficial-owners-identified':
    'All beneficial owners have been identified and all required information can be provided.',
  'no-beneficial-owner-identified': 'No beneficial owners have been identified.',
  'at-least-one-beneficial-owner-unidentified': 'Some beneficial owners have not been identified.',
  'information-not-provided-for-at-least-one-beneficial-owner':
    'All beneficial owners have been identified but only some required information can be provided.',
};

const EXEMPTIONS: Record<string, string> = {
  'disclosure-transparency-rules-chapter-five-applies':
    'A traded company under DTR5: it may be exempt from keeping PSC information.',
  'psc-exempt-as-trading-on-regulated-market':
    'Exempt from the PSC register: voting shares admitted to trading on a regulated market.',
  'psc-exempt-as-shares-admitted-on-market':
    'Exempt from the PSC register: voting shares admitted to trading on a market listed in the PSC Regulations 2016.',
  'psc-exempt-as-trading-on-uk-regulated-market':
    'Exempt from the PSC register: voting shares admitted to trading on a UK regulated market.',
  'psc-exempt-as-trading-on-eu-regulated-market':
    'Exempt from the PSC register: voting shares admitted to trading on an EU regulated market.',
};

const words = (code: string): string => {
  const s = code.replace(/-/g, ' ').replace(/signficant/g, 'significant');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
};

/** The summary of a statement code; partnership variants read like the company ones; unknown codes are spelt out. */
export function statementSummary(code: string, linkedPsc: string | null): string {
  const base =
    STATEMENTS[code] ??
    STATEMENTS[code.replace(/-partnership$/, '')]?.replace(/company/g, 'partnership') ??
    words(code);
  return linkedPsc === null ? base : `${base} (${linkedPsc})`;
}

export const exemptionSummary = (code: string): string => EXEMPTIONS[code] ?? words(code);
