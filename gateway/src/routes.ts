import {
  API_PREFIX,
  apiRoutes,
  declaredBodyLimit,
  routeKey,
  SERVICES,
  teamParamOf,
  type ApiScope,
  type RouteDeclaration,
  type RouteOwner,
  type ServiceName,
  type TimeoutClass,
} from '@catalyst/contracts';

/**
 * The gateway's routing, derived from the route declarations of packages/contracts (architecture: "API
 * routing"): which process owns a path, its upstream timeout, whether auth sees the raw token, and which
 * cached identities a successful answer makes stale. Nothing here is written by hand per endpoint.
 */
export { API_PREFIX };

export const UPSTREAMS = SERVICES;
export type Upstream = ServiceName;

/** What the gateway does with a request to one declared path (and, with `evicts`, one declared method). */
export interface ApiRoute {
  /** The declared path under /api/v1, `:param` segments and all. */
  path: string;
  owner: RouteOwner;
  /** The methods declared on this path (HEAD with GET): what a gateway-owned path answers. */
  methods: readonly string[];
  /** Which upstream timeout applies: the declared one, else 'admin' for admin routes, else the owner's. */
  timeout?: TimeoutClass;
  /** The raw Authorization header reaches the service: auth (sessions), and routes with a token of their own. */
  forwardAuthorization: boolean;
  /** The bearer token is the owner's own (declared `access: 'token'`, SCIM): no identity is resolved from it. */
  ownBearer?: boolean;
  /** After a 2xx answer, cached identities are evicted: of this token, or of every session of the user. */
  evicts?: 'token' | 'user';
  /** The body streams to the service as it arrives (resumable uploads), never read whole by the gateway. */
  streamBody?: boolean;
  /**
   * The answer is a long-lived stream (Server-Sent Events; declared `timeout: 'stream'`): relayed as it is
   * written, never compressed nor kept by the edge cache, over its own upstream connection.
   */
  streamAnswer?: boolean;
  /**
   * The service marks its answer as the same for every caller entitled to premium content (declared
   * `cache: 'premium'`): the edge cache keeps it apart from public answers and gives it only to callers the
   * gateway finds entitled itself (audience.ts).
   */
  audience?: 'premium';
  /**
   * The largest body its route accepts (declaredBodyLimit: JSON, forms and raw bodies alike): a larger one is
   * refused here, before it is read whole or forwarded. Streamed bodies and unknown methods: BODY_LIMIT only.
   */
  maxBodyBytes?: number;
  /** The API key scopes that open it (declared `scopes`); none: keys are refused. */
  scopes?: readonly ApiScope[];
  /** Which segment of the path (split on '/') is the team a team-bound key must match (`/teams/:id/…`). */
  teamSegment?: number;
}

export interface ApiRouter {
  /** Every declared path, once per method that differs in what the gateway does. */
  readonly routes: readonly ApiRoute[];
  /**
   * The route of a request path (relative to /api/v1, without the query): an exact literal path first,
   * else the declared pattern of as many segments whose literal segments match, literal segments beating
   * parameters from left to right. A method the path does not declare goes to the path's owner all the
   * same (the service answers it); a path no declaration matches has no route.
   */
  resolve(method: string, path: string): ApiRoute | undefined;
}

interface PathEntry {
  /** The route of methods without a declaration of their own (and of gateway-owned paths' refusals). */
  fallback: ApiRoute;
  byMethod: Map<string, ApiRoute>;
}

interface Pattern {
  /** Each segment's literal text, or undefined for a parameter. */
  segments: Array<string | undefined>;
  entry: PathEntry;
}

const timeoutOf = (route: RouteDeclaration): TimeoutClass | undefined =>
  route.service === 'gateway' || route.service === 'every'
    ? undefined
    : (route.timeout ?? (route.access === 'admin' ? 'admin' : route.service));

/** A scoped route's team segment (`/teams/:id/…` → 2), for keys bound to one team. */
function teamSegmentOf(route: RouteDeclaration): { teamSegment?: number } {
  const name = route.scopes && teamParamOf(route);
  return name ? { teamSegment: route.path.split('/').indexOf(`:${name}`) } : {};
}

/** `/a/:x/b` and `/a/:y/b` are one path to the router. */
const shapeOf = (path: string) => path.replace(/:[^/]+/g, ':');

/** Literal segments beat parameters, compared left to right. */
function bySpecificity(a: Pattern, b: Pattern): number {
  for (let i = 0; i < a.segments.length; i++) {
    const literalA = a.segments[i] !== undefined;
    const literalB = b.segments[i] !== undefined;
    if (literalA !== literalB) return literalA ? -1 : 1;
  }
  return 0;
}

/** Compiles declarations once into lookup tables: one map hit for a literal path, a short scan otherwise. */
export function createApiRouter(declarations: readonly RouteDeclaration[]): ApiRouter {
  const byShape = new Map<string, RouteDeclaration[]>();
  for (const declaration of declarations) {
    if (declaration.access === 'internal' || declaration.service === 'every')
      throw new Error(`${routeKey(declaration)} is not routed by the gateway`);
    const shape = shapeOf(declaration.path);
    byShape.set(shape, [...(byShape.get(shape) ?? []), declaration]);
  }

  const routes: ApiRoute[] = [];
  const literal = new Map<string, PathEntry>();
  const patterns = new Map<number, Pattern[]>();
  for (const group of byShape.values()) {
    const first = group[0]!;
    const owner = first.service as RouteOwner;
    const other = group.find((route) => route.service !== owner);
    if (other)
      throw new Error(
        `${routeKey(first)} (${owner}) and ${routeKey(other)} (${other.service}) share a path: one owner per path`,
      );
    const methods = [
      ...new Set(group.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]))),
    ];
    const base = { path: first.path, owner, methods, forwardAuthorization: owner === 'auth' };
    const fallback: ApiRoute = {
      ...base,
      timeout: timeoutOf(first),
      ...(group.some((route) => route.bodyKind === 'stream') ? { streamBody: true } : {}),
    };
    const byMethod = new Map<string, ApiRoute>();
    for (const route of group) {
      if (byMethod.has(route.method)) throw new Error(`${routeKey(route)} is declared twice`);
      const bodyLimit = declaredBodyLimit(route);
      const resolved: ApiRoute = {
        ...base,
        path: route.path,
        timeout: timeoutOf(route),
        ...(route.access === 'token' ? { forwardAuthorization: true, ownBearer: true } : {}),
        ...(route.evicts ? { evicts: route.evicts } : {}),
        ...(route.bodyKind === 'stream' ? { streamBody: true } : {}),
        ...(route.timeout === 'stream' ? { streamAnswer: true } : {}),
        ...(route.cache === 'premium' ? { audience: 'premium' as const } : {}),
        ...(bodyLimit !== undefined ? { maxBodyBytes: bodyLimit } : {}),
        ...(route.scopes ? { scopes: route.scopes } : {}),
        ...teamSegmentOf(route),
      };
      byMethod.set(route.method, resolved);
      routes.push(resolved);
    }
    const get = byMethod.get('GET');
    if (get && !byMethod.has('HEAD')) byMethod.set('HEAD', get);
    const entry: PathEntry = { fallback, byMethod };
    const segments = first.path.split('/').map((segment) => (segment.startsWith(':') ? undefined : segment));
    if (segments.every((segment) => segment !== undefined)) literal.set(first.path, entry);
    else patterns.set(segments.length, [...(patterns.get(segments.length) ?? []), { segments, entry }]);
  }
  for (const list of patterns.values()) list.sort(bySpecificity);

  const match = (path: string): PathEntry | undefined => {
    const exact = literal.get(path);
    if (exact) return exact;
    const segments = path.split('/');
    const candidates = patterns.get(segments.length);
    if (!candidates) return undefined;
    next: for (const candidate of candidates) {
      for (let i = 1; i < segments.length; i++) {
        const expected = candidate.segments[i];
        if (expected === undefined ? segments[i] === '' : expected !== segments[i]) continue next;
      }
      return candidate.entry;
    }
    return undefined;
  };

  return {
    routes,
    resolve(method, path) {
      const entry = match(path);
      return entry && (entry.byMethod.get(method) ?? entry.fallback);
    },
  };
}

/** The routing of this build: every declaration the gateway forwards or answers. */
export const apiRouter = createApiRouter(apiRoutes);

const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$/;
const INTERNAL_PATH = /^\/+internal(\/|$)/i;

/**
 * A path the gateway refuses to forward: dot segments, encoded slashes or backslashes (which a service's
 * URL parser would resolve differently from the routing), and anything under /internal.
 */
export function isUnsafeApiPath(path: string): boolean {
  // Letters, digits, '-', '_' and single slashes only (nearly every request): nothing to decode or resolve.
  if (PLAIN_PATH.test(path)) return INTERNAL_PATH.test(path);
  if (/%2f|%5c|\\/i.test(path)) return true;
  if (new URL(path, 'http://gateway.invalid').pathname !== path) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return (
    decoded.split('/').some((segment) => segment === '.' || segment === '..') || INTERNAL_PATH.test(decoded)
  );
}
