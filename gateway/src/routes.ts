/**
 * The API routing table (architecture: "API routing"), as data. Paths are relative to /api/v1 and are
 * forwarded with that prefix stripped. The security suite builds its access matrix from this table.
 */
export const UPSTREAMS = ['auth', 'content', 'progress', 'billing'] as const;
export type Upstream = (typeof UPSTREAMS)[number];
export type RouteOwner = Upstream | 'gateway';
/** Which upstream timeout applies (config: <CLASS>_TIMEOUT_MS). */
export type TimeoutClass = 'auth' | 'content' | 'progress' | 'billing' | 'admin';

export interface ApiRoute {
  /** Path under /api/v1. */
  path: string;
  /** 'exact': only this path; 'subtree': this path and everything below it ("/x*" in the architecture). */
  match: 'exact' | 'subtree';
  owner: RouteOwner;
  /** Methods a gateway-owned route answers; proxied routes pass every method and let the service decide. */
  methods?: readonly string[];
  timeout?: TimeoutClass;
  /** The raw Authorization header reaches this service (only auth needs the token itself). */
  forwardAuthorization?: boolean;
  /** After a 2xx answer, cached identities are evicted: of this token, or of every session of the user. */
  evicts?: 'token' | 'user';
  /** Request bodies are forwarded byte for byte (signed payloads). Every body is, but this one must be. */
  rawBody?: boolean;
}

export const API_PREFIX = '/api/v1';

export const apiRoutes: readonly ApiRoute[] = [
  { path: '/auth', match: 'subtree', owner: 'auth', timeout: 'auth', forwardAuthorization: true },
  { path: '/auth/logout', match: 'exact', owner: 'auth', timeout: 'auth', forwardAuthorization: true, evicts: 'token' },
  // Every session of the user ends (sign out everywhere, a password reset); a verified address changes the identity.
  { path: '/auth/logout-all', match: 'exact', owner: 'auth', timeout: 'auth', forwardAuthorization: true, evicts: 'user' },
  { path: '/auth/verify-email', match: 'exact', owner: 'auth', timeout: 'auth', forwardAuthorization: true, evicts: 'user' },
  // PUT (name/e-mail change) and DELETE (account deletion) both leave the user's cached identities stale.
  { path: '/users/profile', match: 'exact', owner: 'auth', timeout: 'auth', forwardAuthorization: true, evicts: 'user' },
  { path: '/users/change-password', match: 'exact', owner: 'auth', timeout: 'auth', forwardAuthorization: true, evicts: 'user' },
  { path: '/categories', match: 'subtree', owner: 'content', timeout: 'content' },
  { path: '/content/products', match: 'subtree', owner: 'content', timeout: 'content' },
  { path: '/content/categories', match: 'subtree', owner: 'content', timeout: 'content' },
  { path: '/content/premium', match: 'subtree', owner: 'content', timeout: 'content' },
  { path: '/users/premium', match: 'subtree', owner: 'content', timeout: 'content' },
  { path: '/admin', match: 'subtree', owner: 'content', timeout: 'admin' },
  { path: '/content/progress', match: 'subtree', owner: 'progress', timeout: 'progress' },
  { path: '/subscription', match: 'subtree', owner: 'billing', timeout: 'billing' },
  { path: '/webhooks/stripe', match: 'exact', owner: 'billing', timeout: 'billing', rawBody: true },
  { path: '/health', match: 'exact', owner: 'gateway', methods: ['GET', 'HEAD'] },
  { path: '/client-errors', match: 'exact', owner: 'gateway', methods: ['POST'] },
];

const matches = (route: ApiRoute, path: string) =>
  path === route.path || (route.match === 'subtree' && path.startsWith(`${route.path}/`));

/**
 * The route owning a path (relative to /api/v1): the most specific match wins, so `/content/progress`
 * beats any broader `/content/...` prefix whatever the table's order.
 */
export function resolveRoute(path: string, routes: readonly ApiRoute[] = apiRoutes): ApiRoute | undefined {
  let best: ApiRoute | undefined;
  for (const route of routes) {
    if (!matches(route, path)) continue;
    if (!best || route.path.length > best.path.length || (route.path.length === best.path.length && route.match === 'exact')) best = route;
  }
  return best;
}

/**
 * A path the gateway refuses to forward: dot segments, encoded slashes or backslashes (which a service's
 * URL parser would resolve differently from this table), and anything under /internal.
 */
export function isUnsafeApiPath(path: string): boolean {
  if (/%2f|%5c|\\/i.test(path)) return true;
  if (new URL(path, 'http://gateway.invalid').pathname !== path) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.split('/').some((segment) => segment === '.' || segment === '..') || /^\/+internal(\/|$)/i.test(decoded);
}
