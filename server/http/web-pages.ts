// Serves the web app: every page URL answers the app's shell, and /assets/ its bundled files, with security headers.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { appFile } from '../../engine/runtime/app-files.js';
import type { App, Request, Response } from '@tinyhttp/app';
import type { RouteTable } from './route-table.js';

/** The pages' URLs (CONTRACT: every other public route stays under /api/public/). */
export const PAGE_ROUTES = [
  '/',
  '/search',
  '/company/:number',
  '/entity/:id',
  '/entity/:id/graph',
  '/dossier/:id',
  '/pulse',
  '/pricing',
  '/stats',
  '/docs/api',
  '/account',
  '/account/signup',
  '/account/login',
  '/account/verify',
  '/account/reset',
] as const;

/** Where `npm run build` writes the app (tools/build-web.ts): dist/web, or the executable's copy of it. */
export function webDir(): string {
  return appFile('web');
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * No inline script or style, nothing from another origin, no framing. The graph page alone lets a worker start
 * from a blob: URL, which is how the layout worker (graphology-layout-forceatlas2) starts.
 */
function contentSecurityPolicy(worker: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    worker ? "worker-src 'self' blob:" : "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function securityHeaders(res: Response, worker: boolean, https: boolean): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(worker));
  // Served over https (its public URL says so): browsers are told never to come back over plain http.
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}

/** A built asset's file name: what the bundler writes (name, hash, extension), never a path. */
const ASSET_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)+$/;

export interface WebPagesOptions {
  /** The page token for the client of a request, written into the shell (the app sends it back with its calls). */
  pageToken: (req: Request) => string;
  /** The service is reached over https (its public URL): pages carry Strict-Transport-Security. */
  https: boolean;
  dir?: string;
}

/** Where the shell carries its page token (tools/build-web.ts keeps the placeholder). */
const PAGE_TOKEN = '{{PAGE_TOKEN}}';

export function webPages(app: App, routes: RouteTable, options: WebPagesOptions): void {
  const dir = options.dir ?? webDir();
  const index = path.join(dir, 'index.html');
  const shell = existsSync(index) ? readFileSync(index, 'utf8') : null;
  const assets = new Map<string, Buffer>();
  const assetDir = path.join(dir, 'assets');
  if (existsSync(assetDir))
    for (const name of readdirSync(assetDir))
      if (ASSET_NAME.test(name)) assets.set(name, readFileSync(path.join(assetDir, name)));

  const page = (req: Request, res: Response): void => {
    securityHeaders(res, req.path.endsWith('/graph'), options.https);
    if (shell === null) {
      res.statusCode = 503;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`The web app is not built (${index} is missing): run "npm run build". The API is at /api/public/.\n`);
      return;
    }
    // The token is the client's own: the shell is never stored by a shared cache.
    const html = Buffer.from(shell.replace(PAGE_TOKEN, options.pageToken(req)));
    res.statusCode = 200;
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', html.length);
    res.end(req.method === 'HEAD' ? undefined : html);
  };
  for (const route of PAGE_ROUTES) {
    routes.add('GET', route);
    app.get(route, page);
  }

  routes.add('GET', '/assets/:file');
  app.get('/assets/:file', (req, res) => {
    const name = req.params['file'] ?? '';
    const body = ASSET_NAME.test(name) ? assets.get(name) : undefined;
    securityHeaders(res, false, options.https);
    if (body === undefined) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('no such asset\n');
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', body.length);
    // Names carry a hash of their content: a new build has new names, so these never go stale.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}
