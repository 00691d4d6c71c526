// Access tokens a person bought, kept in this browser's storage per entity and per cluster, never in a URL.

interface Kept {
  token: string;
  cluster_id: string;
  expires_at: string;
}

const key = (id: string): string => `unshell:token:${id}`;

/** Keeps the token under the entity bought and under its cluster, whose every record it opens. */
export function rememberToken(entityId: string, clusterId: string, token: string, expiresAt: string): void {
  const kept: Kept = { token, cluster_id: clusterId, expires_at: expiresAt };
  for (const id of new Set([entityId, clusterId])) window.localStorage.setItem(key(id), JSON.stringify(kept));
}

/** The token kept for an entity, unless it has expired. */
export function tokenFor(id: string): string | null {
  const raw = window.localStorage.getItem(key(id));
  if (raw === null) return null;
  try {
    const kept = JSON.parse(raw) as Kept;
    if (Date.parse(kept.expires_at) > Date.now()) return kept.token;
  } catch {
    // unreadable: dropped below
  }
  window.localStorage.removeItem(key(id));
  return null;
}

export function forgetToken(id: string): void {
  window.localStorage.removeItem(key(id));
}
