// What applying one record came to, and what it leaves to derive again: shared by the parts of a live change.

/** A record applied (it changed something), equal to what was held, or skipped with the reason. */
export type Outcome = 'applied' | 'unchanged' | { skipped: string };

/** Entities whose derived facts a change may alter, by what must be derived again. */
export interface Touched {
  /** Roles (from their relationships, listings and topics). */
  roles: Set<number>;
  /** Stored risk. */
  risk: Set<number>;
  /** Sanctions reach changes for everything they own, down the chains. */
  owners: Set<number>;
  /** Sanctions status changes for their cluster, and so for what the cluster owns. */
  listed: Set<number>;
  /** Records replaced outright in this change. */
  records: Set<number>;
}
