// The routes the HTTP adapter registers, read from an app made without a corpus, keys or payments.
import { CAPABILITIES } from '../../engine/app/capabilities/registry.js';
import { loadConfig } from '../../engine/app/config.js';
import { createApp } from '../../server/http/app.js';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/** Each route of tinyhttp's router, as registered (`/api/public/entity/:id`). */
export function registeredRoutes(): RegisteredRoute[] {
  const app = createApp({
    config: loadConfig({}, {}),
    state: { corpus: null, live: null, loadError: null },
    capabilities: CAPABILITIES,
    version: 'test',
    log: () => undefined,
    access: null,
  });
  return app.middleware.flatMap((m) =>
    m.type === 'route' && m.path !== undefined && m.method !== undefined ? [{ method: m.method, path: m.path }] : [],
  );
}
