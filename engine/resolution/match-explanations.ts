// What a match score says of each feature that made it: the shape the matching API returns.

/** One feature's part in a score: 0..1, and in words what was compared. */
export interface FeatureScore {
  score: number;
  detail: string;
}

/** Feature name → its part, as the matching API returns them. */
export type Explanations = Record<string, FeatureScore>;

/** A feature's or a whole score, to the thousandth: what the explanations show. */
export const roundScore = (x: number): number => Math.round(x * 1000) / 1000;
