// The risk level stored with every entity at build time, from the signals a snapshot build can see.
import type { RiskLevel } from '../model/records.js';
import type { ThresholdVerdict } from '../ownership/interval.js';
import { riskLevel, type Severity } from './level.js';
import { sharedAddressSeverity } from './signals.js';

export interface StoredRiskSignals {
  sanctioned: boolean;
  /** Another record of the same real-world entity is sanctioned. */
  clusterSanctioned: boolean;
  /** Whether sanctioned parties own 50% or more of it, or control it, down ownership chains. */
  ownedBySanctioned: ThresholdVerdict;
  pep: boolean;
  offshoreLeaks: boolean;
  /** Companies registered at its busiest address (0 when it shares none). */
  sharedAddressCompanies: number;
}

/**
 * The same rule as a dossier's level (`riskLevel`), over the signals known before any request: a dossier adds
 * the request-time signals (overdue filings against today, formation-agent patterns, …) and may rate higher.
 */
export function storedRiskLevel(s: StoredRiskSignals): RiskLevel {
  const severities: Array<{ severity: Severity }> = [];
  if (s.sanctioned || s.clusterSanctioned) severities.push({ severity: 'HIGH' });
  if (s.ownedBySanctioned === 'certain') severities.push({ severity: 'HIGH' });
  if (s.ownedBySanctioned === 'possible') severities.push({ severity: 'MED' });
  if (s.pep) severities.push({ severity: 'MED' });
  if (s.offshoreLeaks) severities.push({ severity: 'MED' });
  const shared = sharedAddressSeverity(s.sharedAddressCompanies);
  if (shared !== null) severities.push({ severity: shared });
  return riskLevel(severities);
}
