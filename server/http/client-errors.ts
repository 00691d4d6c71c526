// Answers what Node's HTTP parser refuses before any route runs, in the contract's error shape rather than a bare status.
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../../engine/errors/service-error.js';
import { MAX_URL_BYTES } from './request-guard.js';
import { errorBodyFor } from './responses.js';

interface ParserError extends Error {
  code?: string;
  /** What the parser had read of the request when it gave up. */
  rawPacket?: Buffer;
}

/**
 * Node counts the request line into its header limit. When what the parser read begins with a request line that
 * is longer than any target this server serves (or has not ended yet), the URL filled the block, not the headers.
 */
function longRequestLine(raw: Buffer | undefined): boolean {
  if (raw === undefined || !/^[A-Z]+ \S/.test(raw.subarray(0, 32).toString('latin1'))) return false;
  const end = raw.indexOf('\r\n');
  return end === -1 || end > MAX_URL_BYTES;
}

function errorFor(err: ParserError): ServiceError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return longRequestLine(err.rawPacket)
        ? new ServiceError('uri_too_long', 'the request line is over the server limit')
        : new ServiceError('headers_too_large', 'the request headers are over the server limit of 16 KiB');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError('request_timeout', 'the request was not received in time');
    default:
      return new ServiceError('invalid_parameter', `malformed HTTP request (${err.code ?? err.message})`);
  }
}

/** Every parser refusal gets a JSON body and closes the connection (the parser cannot go on reading it). */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // A reset or a socket already answered: nothing can be written.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const e = errorFor(err);
    // The target as far as the parser read it: enough to tell which shape of error its client reads.
    const target = /^[A-Z]+ (\S+)/.exec(err.rawPacket?.subarray(0, 256).toString('latin1') ?? '')?.[1] ?? '';
    const body = JSON.stringify(errorBodyFor(target, e));
    socket.end(
      `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Credits-Cost: 0\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
