// A command's action whose result is the process's exit status.

/** Wraps `action` so that its number becomes the exit status; null leaves the process running (a server). */
export function exits<A extends unknown[]>(
  action: (...args: A) => Promise<number | null> | number | null,
): (...args: A) => Promise<void> {
  return async (...args: A): Promise<void> => {
    const status = await action(...args);
    if (status !== null) process.exitCode = status;
  };
}
