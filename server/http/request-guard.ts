// Refuses, before any route runs, a request whose path the router could not read: too long, or badly percent-encoded.
import type { NextFunction, Request, Response } from '@tinyhttp/app';
import { ServiceError } from '../../engine/errors/service-error.js';
import { sendError } from './responses.js';

/**
 * Longest request target (path and query) served, in bytes. Node's parser refuses a request line past its 16 KiB
 * header limit on its own (client-errors.ts answers that 414 too); this keeps the limit well below, for every route.
 */
export const MAX_URL_BYTES = 8 * 1024;

/** True when every `%` of the path starts a valid escape and the escapes decode to UTF-8. */
function decodable(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function requestGuard(log: (line: string) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const url = req.url ?? '/';
    if (Buffer.byteLength(url) > MAX_URL_BYTES) {
      sendError(res, new ServiceError('uri_too_long', `the request target is over ${MAX_URL_BYTES} bytes`), 0, log);
      return;
    }
    const at = url.indexOf('?');
    const path = at === -1 ? url : url.slice(0, at);
    if (!decodable(path)) {
      sendError(
        res,
        new ServiceError(
          'invalid_parameter',
          'the path has a malformed percent-encoding (a % not followed by two hex digits of UTF-8)',
          '(path)',
        ),
        0,
        log,
      );
      return;
    }
    next();
  };
}
