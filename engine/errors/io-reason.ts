// A failed file-system call said in words an operator can act on: "read-only file system (EROFS)".

/** The reason of a Node.js file-system error, without the call or the path (the caller names the file itself). */
export function ioReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  // Node.js says "EROFS: read-only file system, open '/x'": the words between the code and the call.
  const words = /^[A-Z0-9_]+: ([^,]+)/.exec(err.message)?.[1];
  if (code === undefined) return err.message;
  return words === undefined ? code : `${words} (${code})`;
}
