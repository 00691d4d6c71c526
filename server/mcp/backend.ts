// What the MCP adapter calls to run a capability: the corpus in this process, or a remote REST API.
import type { Capability } from '../../engine/app/contract/capability.js';
import { toServiceError } from '../../engine/errors/service-error.js';

/**
 * The error body of CONTRACT.md §2. The code is a plain string here: a remote service may be newer than
 * this tool server, and its error bodies are passed through as they come.
 */
export interface ToolErrorBody {
  error: { code: string; message: string; param?: string };
}

export type Outcome = { ok: true; body: unknown } | { ok: false; error: ToolErrorBody };

export interface Backend {
  /** Where answers come from, for the startup log. */
  readonly description: string;
  /**
   * Runs one tool. `maxChars`: the largest result the tool server hands on; a backend may answer a paged capability
   * with a smaller page to stay within it (capability-call.ts).
   */
  call(capability: Capability, args: Record<string, unknown>, maxChars?: number): Promise<Outcome>;
  close(): Promise<void>;
}

/** The same mapping as the REST adapter's: a ServiceError keeps its body; anything else is `internal`, logged, never leaked. */
export function failure(err: unknown, log: (line: string) => void): Outcome {
  const e = toServiceError(err);
  if (e.code === 'internal') log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { ok: false, error: e.toBody() };
}
