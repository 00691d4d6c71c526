// The embedding interface: turns weighted pieces of text into one unit vector, for entities and queries alike.

/** A piece of text and how much it should count (a name counts less than a sanctions remark, for instance). */
export interface WeightedText {
  text: string;
  weight: number;
}

/**
 * What semantic search needs from a model. The SIF embedder over word vectors implements it; a stronger model
 * (a sentence encoder) can replace it as long as entities and queries go through the same instance.
 */
export interface TextEmbedder {
  /** Names the model and its parameters; stored beside the vectors so that mixed vectors are never compared. */
  readonly model: string;
  readonly dimensions: number;
  /** A unit vector, or null when no piece of the text is known to the model. */
  embed(parts: readonly WeightedText[]): Float32Array | null;
}
