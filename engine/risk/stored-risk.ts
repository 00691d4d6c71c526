// The risk level stored with every entity at build time, from the signals a snapshot build can see.
import type { RiskLevel } from '../model/records.js';

export interface StoredRiskSignals {
  sanctioned: boolean;
  /** Another record of the same real-world entity is sanctioned. */
  clusterSanctioned: boolean;
  /** A direct owner or controller is sanctioned (the full 50% rule is applied per request). */
  ownerSanctioned: boolean;
  pep: boolean;
  offshoreLeaks: boolean;
}

/**
 * HIGH: the entity, a record of the same entity, or a direct owner is on a sanctions list.
 * MED: a politically exposed person, or named in an offshore-leaks database.
 * LOW: none of these.
 */
export function storedRiskLevel(s: StoredRiskSignals): RiskLevel {
  if (s.sanctioned || s.clusterSanctioned || s.ownerSanctioned) return 'HIGH';
  if (s.pep || s.offshoreLeaks) return 'MED';
  return 'LOW';
}
