// The shapes of the API's answers the pages read (see /api/public/openapi.json).

export type EntityType = 'company' | 'person' | 'asset';
export type Risk = 'HIGH' | 'MED' | 'LOW';

export interface EntityHit {
  id: string;
  name: string;
  type: EntityType;
  jurisdiction: string | null;
  risk: Risk;
  source: string;
  score?: number;
}

export interface Share {
  min: number;
  max: number;
}

export interface Source {
  ref: string;
  source: string;
  url: string | null;
  retrieved_at: string;
  record_id: string;
  note?: string;
}

export interface Connection {
  role: string;
  kind: string;
  share: Share | null;
  direction: 'in' | 'out';
  other: EntityHit;
  start_date: string | null;
  end_date: string | null;
  provenance: Source;
}

export interface FullEntity extends EntityHit {
  cluster_id: string;
  identifiers: Array<{ scheme: string; value: string }>;
  roles: string[];
  aliases: string[];
  addresses: string[];
  birth_date: string | null;
  nationalities: string[];
  incorporation_date: string | null;
  dissolution_date: string | null;
  status: string | null;
  topics: string[];
  position: string | null;
  sources: Source[];
}

export interface Coverage {
  embedded: number;
  total: number;
  ratio: number;
  scope: string;
}

export interface GraphNode extends EntityHit {
  depth: number;
  degree: number;
  sanctioned: boolean;
  secrecy_jurisdiction: boolean;
  ubo: boolean;
  on_ubo_path: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: string;
  role: string;
  share: Share | null;
  ended: boolean;
  on_ubo_path: boolean;
}

export interface GraphAnswer {
  root: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  truncated: boolean;
}
