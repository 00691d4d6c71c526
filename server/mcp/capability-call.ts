// One tool call run in this process: the input checked as the REST API checks it, a paged answer fitted to the size an agent takes.
import type { Capability, Context } from '../../engine/app/contract/capability.js';
import { parseInput } from '../../engine/app/contract/validate.js';

/** The page size a paged capability is asked for next, when its answer of `size` characters was over `maxChars`. */
function smallerPage(limit: number, size: number, maxChars: number): number {
  // Items vary in size: aim a tenth under the proportional share, and always shrink by at least one.
  return Math.max(1, Math.min(limit - 1, Math.floor((limit * maxChars * 0.9) / size)));
}

/**
 * A paged capability whose page is too large for `maxChars` is asked again for a smaller one: the agent gets the
 * items that fit and the cursor to the rest, rather than a refusal. One call of the tool is one call for metering,
 * however many pages it took to fit. A single item still too large is left to the tool server's size guard.
 */
export async function callCapability(
  capability: Capability,
  args: Record<string, unknown>,
  ctx: Context,
  maxChars?: number,
): Promise<unknown> {
  const input: Record<string, unknown> = parseInput(capability, args);
  let body: unknown = await capability.run(ctx, input);
  if (capability.paged !== true || maxChars === undefined) return body;
  let limit = input.limit;
  let size = JSON.stringify(body).length;
  while (size > maxChars && typeof limit === 'number' && limit > 1) {
    limit = smallerPage(limit, size, maxChars);
    body = await capability.run(ctx, { ...input, limit });
    size = JSON.stringify(body).length;
  }
  return body;
}
