// Which methods each path of the REST adapter serves, so that a known path asked with another method answers 405.

/** `/api/public/entity/:id` → a pattern matching one path segment where each `:param` stands. */
function patternOf(route: string): RegExp {
  const escaped = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export class RouteTable {
  readonly #routes: { method: string; pattern: RegExp }[] = [];

  add(method: 'GET' | 'POST' | 'DELETE', route: string): void {
    this.#routes.push({ method, pattern: patternOf(route) });
  }

  /** The methods some route serves at `path`, HEAD beside GET, in a stable order; empty for an unknown path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const r of this.#routes) if (r.pattern.test(path)) methods.add(r.method);
    if (methods.has('GET')) methods.add('HEAD');
    return ['GET', 'HEAD', 'POST', 'DELETE'].filter((m) => methods.has(m));
  }
}
