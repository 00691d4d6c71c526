// MCP resources: an entity and its dossier by URI (answered by the same tools, at the same cost), and each tool's full output schema.
import {
  ErrorCode,
  McpError,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import type { Capability } from '../../engine/app/contract/capability.js';
import type { Backend, ToolErrorBody } from './backend.js';
import { fullOutputSchema } from './tool-from-capability.js';

/** The MCP specification's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

const JSON_TYPE = 'application/json';

/** A resource read through a tool: the URI's `{id}` becomes the tool's `id`. */
interface RecordResource {
  template: string;
  tool: string;
  title: string;
  description: string;
}

const RECORDS: readonly RecordResource[] = [
  {
    template: 'unshell://entity/{id}',
    tool: 'get_entity',
    title: 'Entity',
    description:
      'A company, person or asset by id (gb-coh:01234567, lei:…, ofac:12345), with its first page of connections',
  },
  {
    template: 'unshell://dossier/{id}',
    tool: 'get_dossier',
    title: 'Dossier',
    description:
      'Identity across sources, ownership to the ultimate beneficial owners and risk signals, every claim cited',
  },
];

const SCHEMA_PREFIX = 'unshell://schema/';

export interface ResourceOptions {
  tools: readonly (Capability & { tool: string })[];
  backend: Backend;
  maxChars: number;
}

/** `unshell://entity/gb-coh%3A01234567` (a template's expansion encodes the colon) or with the colon as it is. */
function idIn(uri: string, template: string): string | null {
  const prefix = template.slice(0, template.indexOf('{'));
  if (!uri.startsWith(prefix)) return null;
  try {
    const id = decodeURIComponent(uri.slice(prefix.length));
    return id === '' ? null : id;
  } catch {
    return null;
  }
}

function errorOf(uri: string, body: ToolErrorBody): McpError {
  const { code, message } = body.error;
  const kind =
    code === 'not_found' ? RESOURCE_NOT_FOUND : code === 'internal' ? ErrorCode.InternalError : ErrorCode.InvalidParams;
  return new McpError(kind, `${uri}: ${message}`, body);
}

export class McpResources {
  readonly #tools: Map<string, Capability & { tool: string }>;
  readonly #records: readonly RecordResource[];

  constructor(private readonly options: ResourceOptions) {
    this.#tools = new Map(options.tools.map((t) => [t.tool, t]));
    this.#records = RECORDS.filter((r) => this.#tools.has(r.tool));
  }

  /** The fixed resources: one output schema per tool (entities are too many to list; templates name them). */
  list(): Resource[] {
    return this.options.tools.map((t) => ({
      uri: `${SCHEMA_PREFIX}${t.tool}`,
      name: `${t.tool} output schema`,
      title: `Output schema of ${t.tool}`,
      description: `The full JSON Schema of what ${t.tool} answers (tools/list gives its outline)`,
      mimeType: 'application/schema+json',
    }));
  }

  templates(): ResourceTemplate[] {
    return this.#records.map((r) => ({
      uriTemplate: r.template,
      name: r.tool === 'get_entity' ? 'entity' : 'dossier',
      title: r.title,
      description: `${r.description}; the same answer and cost as the ${r.tool} tool`,
      mimeType: JSON_TYPE,
    }));
  }

  async read(uri: string): Promise<ReadResourceResult> {
    if (uri.startsWith(SCHEMA_PREFIX)) {
      const tool = this.#tools.get(uri.slice(SCHEMA_PREFIX.length));
      if (tool === undefined)
        throw new McpError(RESOURCE_NOT_FOUND, `${uri}: no tool of that name; resources/list has the schemas`);
      return { contents: [{ uri, mimeType: 'application/schema+json', text: JSON.stringify(fullOutputSchema(tool)) }] };
    }
    for (const record of this.#records) {
      const id = idIn(uri, record.template);
      if (id === null) continue;
      const tool = this.#tools.get(record.tool);
      if (tool === undefined) break;
      const outcome = await this.options.backend.call(tool, { id }, this.options.maxChars);
      if (!outcome.ok) throw errorOf(uri, outcome.error);
      const text = JSON.stringify(outcome.body);
      if (text.length > this.options.maxChars)
        throw new McpError(
          ErrorCode.InvalidParams,
          `${uri}: ${Math.ceil(text.length / 1000)} kB of JSON, over this server's limit of ${Math.floor(this.options.maxChars / 1000)} kB; call the ${record.tool} tool with narrower arguments`,
        );
      return { contents: [{ uri, mimeType: JSON_TYPE, text }] };
    }
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `${uri}: not a resource of this server; resources/templates/list has the URI templates, resources/list the schemas`,
    );
  }
}
