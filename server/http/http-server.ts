// The HTTP server the REST adapter runs in, with the limits that keep slow or greedy clients from holding it.
import { createServer, type Server } from 'node:http';
import type { App, Request, Response } from '@tinyhttp/app';
import { answerClientErrors } from './client-errors.js';

/** A client must have sent its headers within this long, and its whole request, body included, within the next. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** An idle keep-alive connection is closed after this long. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Connections past this many are refused at accept, so that a flood of sockets cannot exhaust file descriptors. */
export const MAX_CONNECTIONS = 10_000;

export function createHttpServer(app: App): Server {
  const server = createServer({
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  });
  // tinyhttp types its handler with its own request and response, which it makes of Node's as it handles them.
  server.on('request', (req, res) => app.attach(req as Request, res as Response));
  server.maxConnections = MAX_CONNECTIONS;
  answerClientErrors(server);
  return server;
}

/**
 * Stops accepting connections and lets the requests in flight finish, for at most `graceMs`; then closes whatever is
 * left. Idle keep-alive connections are closed at once (Node closes each busy one when its answer is sent).
 */
export function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
