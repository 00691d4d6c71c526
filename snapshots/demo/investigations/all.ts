// The three seeded demo investigations of the built-in demo corpus, as one list of normalised records.
import type { NormalisedRecordInput } from '../../../engine/model/records.js';
import { investigationA } from './investigation-a-sanctions-property.js';
import { investigationB } from './investigation-b-formation-agent.js';
import { investigationC } from './investigation-c-group-distress.js';

export { A } from './investigation-a-sanctions-property.js';
export { B, B_SHARED_ADDRESS } from './investigation-b-formation-agent.js';
export { C, C_RESTRUCTURED_ON } from './investigation-c-group-distress.js';

/** Every record of the demo investigations A, B and C; the three share no entity. */
export function demoInvestigations(): NormalisedRecordInput[] {
  return [...investigationA(), ...investigationB(), ...investigationC()];
}
