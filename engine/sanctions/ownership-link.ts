// One current ownership or control link, as the walks over sanctioned ownership read it.

/** A current ownership or control link, owner → owned; share null for control without shares. */
export interface OwnershipLink {
  owner: number;
  owned: number;
  share: { min: number; max: number } | null;
  /** Control without shares (board appointment, consolidation), as opposed to a shareholding of unknown size. */
  control: boolean;
}
