// The one rule that turns risk signals into a level: documented here, used by dossiers and stored levels alike.
import type { RiskLevel } from '../model/records.js';

export type Severity = RiskLevel;

/**
 * HIGH when any signal is high (sanctioned; owned 50% or more, certainly, by sanctioned parties; a sanctioned
 * record of the same entity). MED when any signal is medium (politically exposed; in an offshore-leaks
 * database; possibly owned 50% by sanctioned parties; owned through two or more secrecy jurisdictions; ownership
 * loop; formation-agent, mass-registration-address or nominee patterns; overdue filings; negative net assets), or
 * when three or more low signals add up (a corporate director, a secrecy jurisdiction, a shared address,
 * dissolution). LOW otherwise.
 */
export function riskLevel(signals: ReadonlyArray<{ severity: Severity }>): RiskLevel {
  if (signals.some((s) => s.severity === 'HIGH')) return 'HIGH';
  if (signals.some((s) => s.severity === 'MED')) return 'MED';
  if (signals.filter((s) => s.severity === 'LOW').length >= 3) return 'MED';
  return 'LOW';
}
