// The Companies House profile of a synthetic British company: type, SIC codes, accounts and confirmation-statement
// dates (some overdue against TODAY) and charges.
import type { CompanyProfile } from '../../../engine/model/records.js';
import { addMonths, isoDate, monthEnd, monthOf, yearOf } from './dates.js';
import { GENERIC_SIC } from './names/company-words.js';
import type { CompanyName } from './names/company-name.js';
import type { Rng } from './random.js';
import { TODAY } from './world.js';

const OVERDUE_ACCOUNTS_RATE = 0.05;
const OVERDUE_STATEMENT_RATE = 0.04;
const CHARGES_RATE = 0.2;

export interface GbProfile {
  readonly profile: CompanyProfile;
  /** Day number of the last accounts made up, or null when none were filed: financials end there. */
  readonly lastAccounts: number | null;
}

/**
 * Accounts run to the last day of the incorporation month (the default accounting reference date); private
 * companies file 9 months after, plcs 6. `asOf` is TODAY, or the dissolution day for a dissolved company.
 */
function accounts(
  rng: Rng,
  incorporated: number,
  asOf: number,
  plc: boolean,
  dissolved: boolean,
): { last: number | null; next: number | null } {
  const lag = plc ? 6 : 9;
  const month = monthOf(incorporated);
  const firstEnd = monthEnd(yearOf(incorporated) + 1, month);
  let year = yearOf(asOf);
  while (addMonths(monthEnd(year, month), lag) > asOf) year -= 1;
  let last = monthEnd(year, month);
  if (last < firstEnd) return { last: null, next: dissolved ? null : addMonths(incorporated, 21) };
  if (dissolved) return { last, next: null };
  if (rng.chance(OVERDUE_ACCOUNTS_RATE) && monthEnd(year - 1, month) >= firstEnd) {
    year -= 1; // one set of accounts not filed: the next due date has passed
    last = monthEnd(year, month);
  }
  return { last, next: addMonths(monthEnd(year + 1, month), lag) };
}

/** Statements are made up to each anniversary of incorporation and due 14 days after it. */
function confirmation(
  rng: Rng,
  incorporated: number,
  asOf: number,
  dissolved: boolean,
): { last: number | null; next: number | null } {
  let years = yearOf(asOf) - yearOf(incorporated);
  while (years > 0 && addMonths(incorporated, 12 * years) + 14 > asOf) years -= 1;
  if (years === 0) return { last: null, next: dissolved ? null : addMonths(incorporated, 12) + 14 };
  if (!dissolved && years > 1 && rng.chance(OVERDUE_STATEMENT_RATE)) years -= 1;
  const last = addMonths(incorporated, 12 * years);
  return { last, next: dissolved ? null : addMonths(last, 12) + 14 };
}

const iso = (day: number | null): string | null => (day === null ? null : isoDate(day));

export function gbProfile(
  rng: Rng,
  companyNumber: string,
  name: CompanyName,
  incorporated: number,
  dissolvedOn: number | null,
): GbProfile {
  const plc = name.form.companyType === 'plc';
  const asOf = dissolvedOn ?? TODAY;
  const dissolved = dissolvedOn !== null;
  const acc = accounts(rng, incorporated, asOf, plc, dissolved);
  const cs = confirmation(rng, incorporated, asOf, dissolved);
  const sic = [rng.pick(name.noun.sic)];
  const second = rng.chance(0.3) ? rng.pick(rng.chance(0.5) ? name.noun.sic : GENERIC_SIC) : null;
  if (second !== null && second !== sic[0]) sic.push(second);
  const profile: CompanyProfile = {
    company_number: companyNumber,
    company_type: name.form.companyType ?? 'ltd',
    sic,
    accounts: { last_made_up_to: iso(acc.last), next_due: iso(acc.next) },
    confirmation_statement: { last_made_up_to: iso(cs.last), next_due: iso(cs.next) },
  };
  if (rng.chance(CHARGES_RATE)) {
    const total = 1 + Math.floor(-Math.log(1 - rng.next()) * 1.5);
    const satisfied = rng.below(total + 1);
    const partSatisfied = satisfied < total && rng.chance(0.1) ? 1 : 0;
    profile.charges = {
      total,
      outstanding: total - satisfied - partSatisfied,
      satisfied,
      part_satisfied: partSatisfied,
    };
  }
  if (plc) profile.listed = rng.chance(0.3);
  return { profile, lastAccounts: acc.last };
}
