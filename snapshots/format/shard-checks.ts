// What is wrong with a shard file, in the words every reader uses: the message names the file and the figures.

export const shardMessages = {
  missing: (full: string): string => `snapshot file ${full} is missing`,
  unreadable: (full: string, err: unknown): string => `cannot read snapshot file ${full}: ${String(err)}`,
  size: (full: string, size: number, expected: number): string =>
    `snapshot file ${full} is ${size < expected ? 'truncated' : 'longer than recorded'}: ${size} bytes, manifest says ${expected}`,
  corrupt: (full: string): string => `snapshot file ${full} is corrupt: SHA-256 does not match the manifest`,
} as const;

/** The message for an error thrown while opening or reading a shard. */
export function readFailure(full: string, err: unknown): string {
  return (err as NodeJS.ErrnoException).code === 'ENOENT'
    ? shardMessages.missing(full)
    : shardMessages.unreadable(full, err);
}
