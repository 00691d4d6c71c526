// Who is calling, as far as an operation needs to know: shared by access control and the capabilities.

export interface Caller {
  keyed: boolean;
  /** Largest resolve batch this caller may send. */
  batchLimit: number;
  /** Who it is for shares of a shared budget (`key:<id>`, `ip:<address>`); absent in-process (MCP over stdio, tests). */
  id?: string;
  /** The account calling, by one of its keys or its session: the reports it unlocked are open to it. */
  account?: string;
}
