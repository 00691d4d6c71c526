// Whether an incoming record says nothing new: an upsert equal to what is held changes nothing and is not re-applied.
import { isDeepStrictEqual } from 'node:util';

/**
 * Compared after a round trip through JSON, the form records are journalled in: optional keys left undefined and
 * keys in another order are the same record.
 */
export function sameRecord(held: object, incoming: object): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(held)), JSON.parse(JSON.stringify(incoming)));
}
