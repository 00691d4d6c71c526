// Waits for work at most `ms`: what an answer that must not wait on a slow registry needs.

/** The work's result, or 'timeout' when it took longer than `ms` (the work itself goes on). */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
