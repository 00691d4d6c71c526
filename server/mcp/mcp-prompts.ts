// MCP prompts: the two investigations people most often start with, as instructions naming this server's own tools.
import { ErrorCode, McpError, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';

/** The most names one screening prompt takes: beyond it, bulk screening (`unshell screen`, POST /screen) is the tool. */
export const MAX_PROMPT_NAMES = 200;

interface PromptDefinition {
  prompt: Prompt;
  /** The tools its text relies on; the prompt is offered only where all of them are. */
  needs: readonly string[];
  text(args: Record<string, string>): string;
}

function required(args: Record<string, string>, name: string, prompt: string): string {
  const value = args[name]?.trim() ?? '';
  if (value === '') throw new McpError(ErrorCode.InvalidParams, `prompt ${prompt}: argument "${name}" is required`);
  return value;
}

const INVESTIGATE: PromptDefinition = {
  prompt: {
    name: 'investigate_company',
    title: 'Investigate a company',
    description: 'Who owns a company, who controls it, and whether anyone in its ownership is sanctioned or offshore',
    arguments: [
      {
        name: 'company',
        description: 'A company name, a UK company number, or an id (gb-coh:…, lei:…)',
        required: true,
      },
    ],
  },
  needs: [
    'search_entities',
    'lookup_company',
    'get_dossier',
    'trace_ownership_path',
    'get_sanctions',
    'check_offshore_exposure',
  ],
  text(args) {
    const company = required(args, 'company', 'investigate_company');
    return [
      `Investigate this company: ${company}`,
      '',
      '1. Find it. If it is an id, use it; if it is a UK company number, call lookup_company; otherwise call search_entities ' +
        'and, when several hits could be it, say which you chose and why (jurisdiction, identifiers, status).',
      '2. Call get_dossier with its id: identity across sources, direct owners and holdings, the ultimate beneficial owners, risk signals.',
      '3. Call trace_ownership_path with root=<id> to show the chain of ownership hop by hop up to the beneficial owners.',
      '4. Call get_sanctions and check_offshore_exposure with its id: listings of the company, its cluster and its owners, ' +
        'and sanctioned or secrecy-jurisdiction hops on its ownership chain.',
      '5. Answer with: who owns and controls it (with shares where known), any sanctions exposure, any offshore exposure, ' +
        'and the open questions. Cite every claim with the source URL the answers give; say plainly what the data does not show.',
    ].join('\n');
  },
};

const SCREEN: PromptDefinition = {
  prompt: {
    name: 'screen_list',
    title: 'Screen a list of names',
    description: `Screen up to ${MAX_PROMPT_NAMES} names of people or companies against the sanctions lists and the ownership data`,
    arguments: [
      {
        name: 'names',
        description: 'One name per line; a birth date or a country may follow the name after a semicolon',
        required: true,
      },
    ],
  },
  needs: ['resolve', 'get_sanctions'],
  text(args) {
    const lines = required(args, 'names', 'screen_list')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    if (lines.length > MAX_PROMPT_NAMES)
      throw new McpError(
        ErrorCode.InvalidParams,
        `prompt screen_list: ${lines.length} names, over ${MAX_PROMPT_NAMES}; screen a longer list in bulk (POST /api/public/screen or unshell screen)`,
      );
    return [
      `Screen these ${lines.length} names:`,
      ...lines.map((l) => `- ${l}`),
      '',
      '1. Call resolve with the names (in batches within its limit) to get each one a canonical id and a confidence; ' +
        'for a name resolve leaves unmatched, try search_entities once and judge the hits against the birth date or country given.',
      '2. For each match, call get_sanctions with its id: direct listings, listings of its cluster, and owners under the OFAC 50% rule.',
      '3. Answer with one row per name: the name as given, the match (id, name, jurisdiction) or "no match", ' +
        'the confidence, and the sanctions found with their lists. Flag every match below 0.9 confidence for a person to review, ' +
        'and never call a name cleared only because nothing matched it.',
    ].join('\n');
  },
};

const PROMPTS: readonly PromptDefinition[] = [INVESTIGATE, SCREEN];

export class McpPrompts {
  readonly #offered: readonly PromptDefinition[];

  constructor(tools: ReadonlySet<string>) {
    this.#offered = PROMPTS.filter((p) => p.needs.every((t) => tools.has(t)));
  }

  list(): Prompt[] {
    return this.#offered.map((p) => p.prompt);
  }

  get(name: string, args: Record<string, string>): GetPromptResult {
    const definition = this.#offered.find((p) => p.prompt.name === name);
    if (definition === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `prompt "${name}" not found; prompts/list has the ${this.#offered.length} prompts`,
      );
    return {
      description: definition.prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: definition.text(args) } }],
    };
  }
}
