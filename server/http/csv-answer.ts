// CSV answers: an operation whose answer is a list (entity and company search) gives it as a table when asked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stringify } from 'csv-stringify/sync';
import type { AnswerTable, Capability } from '../../engine/app/contract/capability.js';
import { ServiceError } from '../../engine/errors/service-error.js';

/**
 * Whether the request asks for CSV of an operation that has a table: `format=csv` (a link a spreadsheet can open) or an
 * Accept header whose first choice is text/csv. `format=json` is the default and another format is refused; elsewhere
 * the answer is JSON whatever is asked.
 */
export function wantsCsv(req: IncomingMessage & { query: Record<string, unknown> }, capability: Capability): boolean {
  if (capability.table === undefined) return false;
  const format = req.query['format'];
  if (format === undefined) return /^\s*text\/csv\b/i.test(req.headers.accept ?? '');
  if (format === 'csv') return true;
  if (format === 'json') return false;
  throw new ServiceError('invalid_parameter', `format must be json or csv, got ${JSON.stringify(format)}`, 'format');
}

/** RFC 4180 with a header row and CRLF line ends, as spreadsheets expect; named for a download. */
export function sendCsv(res: ServerResponse, status: number, table: AnswerTable, name: string, cost: number): void {
  const body = stringify([table.columns, ...table.rows], { record_delimiter: 'windows', cast: { boolean: String } });
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
  res.setHeader('X-Credits-Cost', String(cost));
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
