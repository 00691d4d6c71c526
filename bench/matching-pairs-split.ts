// The tune / held-out split, by entity: a fixed hash of the entity's group, so that no entity is on both sides.
import { fnv1a } from './matching-pairs-text.js';

export type Half = 'tune' | 'held-out';

export function halfOf(group: string): Half {
  return fnv1a(group) % 2 === 0 ? 'tune' : 'held-out';
}
