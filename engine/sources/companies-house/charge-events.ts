// A charge (a mortgage or debenture over a company's assets) as the registry publishes it → a dated `filing` event.
import type { NormalisedRecordInput as RecordInput } from '../../model/records.js';
import { isoDate, startOfDay } from '../record-dates.js';
import { companyId, companyUrl, field, provenance, text } from './ch-common.js';
import { PscProblem } from './psc-records.js';

const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

/**
 * The newest thing that happened to the charge: satisfied (in full or in part) when it says so, else created. The
 * event id names the charge and that step, so the same step sent again is the same event.
 */
export function chargeEvent(item: unknown, number: string, chargeId: string, retrievedAt: string): RecordInput {
  const status = text(item, 'status') ?? 'outstanding';
  const satisfied = isoDate(field(item, 'satisfied_on')) ?? null;
  const created = isoDate(field(item, 'created_on')) ?? isoDate(field(item, 'delivered_on')) ?? null;
  const on = status.includes('satisfied') && satisfied !== null ? satisfied : created;
  if (on === null) throw new PscProblem('created_on', 'missing: the charge has no date');
  const step = status.includes('satisfied') && satisfied !== null ? status : 'created';
  const what = text(field(item, 'classification'), 'description') ?? 'charge';
  const entitled = list(field(item, 'persons_entitled'))
    .map((p) => text(p, 'name'))
    .filter((n): n is string => n !== null);
  const n = field(item, 'charge_number');
  return {
    record: 'event',
    id: `gb-coh:${number}/charges/${chargeId}/${step}`,
    entity_id: companyId(number),
    kind: 'filing',
    type: step === 'created' ? 'charge-created' : 'charge-satisfied',
    occurred_at: startOfDay(on),
    summary:
      `Charge${typeof n === 'number' ? ` ${n}` : ''} (${what}) ${step.replace(/-/g, ' ')} on ${on}` +
      (entitled.length > 0 ? `; persons entitled: ${entitled.join(', ')}` : ''),
    provenance: provenance(`${number}/charges/${chargeId}`, `${companyUrl(number)}/charges/${chargeId}`, retrievedAt),
  };
}
