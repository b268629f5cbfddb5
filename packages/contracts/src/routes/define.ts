import type { z } from 'zod';
import { apiUrl, type AddressInput } from '../api-path';
import type { ApiScope } from '../api-keys-terms';

/**
 * One endpoint of the API, declared once. From a declaration the owning service mounts its handler
 * (input parsed, output type-checked and, under test, validated), the gateway derives its routing,
 * timeouts and identity evictions, web-kit offers a typed call, the security suite its access matrix,
 * and the OpenAPI document its entry. See docs/architecture.md, "How to add an endpoint".
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The processes that answer requests under /api/v1 (the gateway answers a few itself). */
export const SERVICES = ['auth', 'content', 'progress', 'billing', 'media', 'community'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type RouteOwner = ServiceName | 'gateway';

/**
 * Who may call an endpoint:
 * - public: anyone, signed in or not;
 * - user: any signed-in caller (401 when anonymous);
 * - premium: an active subscription or role admin (401 anonymous, 403 'Active subscription required…');
 *   service-kit's one premium check decides from the route's `premium` target (a free product opens to any
 *   signed-in caller, a free-preview lesson too);
 * - admin: role admin only (401 anonymous, 403 for everyone else);
 * - creator: role creator or admin (401 anonymous, 403 'Creator access required'); which creator's items the
 *   caller may touch is the owner's decision (content's creator accounts), an admin acting for any;
 * - signature: no identity at all, the request is authenticated by its signature (payment webhooks);
 * - internal: service to service only, with the shared secret; the gateway never forwards it;
 * - token: a bearer token of the owner's own (a team's SCIM token), not a session: the gateway resolves no
 *   identity and forwards the Authorization header to the owner, whose handler answers 401 without a valid one.
 */
export type Access = 'public' | 'user' | 'premium' | 'creator' | 'admin' | 'signature' | 'internal' | 'token';

/** The access kinds that need a signed-in caller (401 without one). */
export const needsSignIn = (access: Access): boolean =>
  access === 'user' || access === 'premium' || access === 'creator' || access === 'admin';

/** The refusal of an `access: 'creator'` route to a signed-in caller who is neither a creator nor an admin. */
export const CREATOR_REQUIRED_MESSAGE = 'Creator access required';

/**
 * Which upstream timeout applies at the gateway (config: <CLASS>_TIMEOUT_MS); the owner's by default.
 * 'stream': a long-lived answer (Server-Sent Events) bounded by the time to its headers, not its length.
 */
export type TimeoutClass = ServiceName | 'admin' | 'upload' | 'stream';

/**
 * How the answer may be cached: 'shared' answers are the same for everyone and may be kept by the
 * gateway's edge cache and CDNs for the service's public max-age; 'premium' answers (of `access: 'premium'`
 * routes) are the same for every caller the premium rule lets through, so the gateway may keep them for
 * that max-age and give them to callers it finds entitled itself, never to a browser's or a CDN's cache
 * (AUDIENCE_HEADER); 'none' (the default) are not kept.
 */
type CachePolicy = 'shared' | 'premium' | 'none';

/**
 * The request body: JSON parsed against `body` (the default), or read by the handler itself; 'stream'
 * bodies (resumable uploads) pass the gateway as a stream, never buffered and not held to its body limit.
 */
type BodyKind = 'json' | 'form' | 'raw' | 'stream';

export interface RouteDeclaration {
  method: HttpMethod;
  /** The path under /api/v1 with `:param` segments (internal routes: the service's own /internal/... path). */
  path: string;
  /** Who answers; 'every': service-kit mounts it in every service (internal plumbing, never routed by the gateway). */
  service: RouteOwner | 'every';
  access: Access;
  /**
   * The API key scopes that open it (any one of them): the gateway lets a `cat_live_…` key through only to routes
   * declaring one of its scopes, and a team key only to its own team where the path names one (`/teams/:id/…`).
   */
  scopes?: readonly ApiScope[];
  /** What an `access: 'premium'` route opens (see PremiumTarget); none: the plan alone. */
  premium?: PremiumTarget;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind?: BodyKind;
  /**
   * Largest body accepted (default DEFAULT_BODY_BYTES), of any kind but streamed: the gateway refuses more before
   * reading it whole, and service-kit before the service parses it or its handler reads it.
   */
  maxBodyBytes?: number;
  /** The `data` of the success answer `{ success: true, data, message? }`. */
  response: z.ZodType;
  /** What the answer is: the JSON success shape (the default), or bytes in the route's own format (files, tus). */
  answer?: 'json' | 'bytes';
  /** The success status (default 200). */
  status?: 200 | 201 | 202;
  timeout?: TimeoutClass;
  cache?: CachePolicy;
  /**
   * After a 2xx answer the gateway forgets cached identities: of this token, or every session of the user (the
   * one the answer names in EVICT_USER_HEADER, else the caller).
   */
  evicts?: 'token' | 'user';
  /** Not part of the published reference (e.g. spec aliases kept for old clients). */
  hidden?: boolean;
  /**
   * The refusals its handler decides, each with when, beyond those the declaration implies (400 for its inputs,
   * 401/403 for its access, 404 for a path parameter, 413 for a body): listed in the OpenAPI document, a 429 with
   * its Retry-After. E.g. `{ 409: 'The e-mail address is taken', 429: 'Too many attempts' }`.
   */
  refuses?: Partial<Record<RefusalStatus, string>>;
  /** The media types of a byte answer (`answer: 'bytes'`), for the reference; none for an answer without a body (tus). */
  produces?: readonly string[];
}

/** One input of a route, by where it comes and its name: `params.id`, `query.productId`, `body.lessonId`. */
export type InputRef = `${'params' | 'query' | 'body'}.${string}`;

/**
 * What a premium route opens, read by service-kit's one premium check (after the sign-in check and input parsing):
 * - `{ product, lesson? }`: the inputs naming a product (a free one opens to every signed-in caller, any other
 *   needs the plan) and a lesson of it (a free preview opens too);
 * - `{ of, id }`: a record of the owning service (`of`: 'thread', 'post', 'question') named by the input `id`,
 *   opened as the product and lesson it belongs to (the service says which; a missing record is its 404).
 * A route that declares none needs the plan. A 403 comes before any 404, so a refusal names nothing that exists.
 */
export type PremiumTarget = { product: InputRef; lesson?: InputRef } | { of: string; id: InputRef };

/** What a handler may refuse with beyond what its declaration implies (see `refuses`). */
export type RefusalStatus = 403 | 404 | 409 | 410 | 429;

export type RouteTable = Record<string, RouteDeclaration>;

/** Every body a route reads is at most this large unless the route asks for more (admin forms, signed events). */
export const DEFAULT_BODY_BYTES = 64 * 1024;

/**
 * The largest body a route accepts: its `maxBodyBytes`, else DEFAULT_BODY_BYTES, whatever its kind (JSON, a form,
 * raw bytes, or none declared); undefined for streamed bodies (resumable uploads: bounded by their own protocol).
 */
export const declaredBodyLimit = (route: RouteDeclaration): number | undefined =>
  route.bodyKind === 'stream' ? undefined : (route.maxBodyBytes ?? DEFAULT_BODY_BYTES);

/** Declares a service's endpoints, keeping each one's literal types (for typed handlers and calls). */
export const defineRoutes = <const T extends RouteTable>(routes: T): T => routes;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, parsed. */
export type RouteParams<R extends RouteDeclaration> = Parsed<R['params']>;
export type RouteQuery<R extends RouteDeclaration> = Parsed<R['query']>;
export type RouteBody<R extends RouteDeclaration> = Parsed<R['body']>;
/** What a caller sends, before parsing (defaults may be left out). */
export type RouteParamsInput<R extends RouteDeclaration> = Given<R['params']>;
export type RouteQueryInput<R extends RouteDeclaration> = Given<R['query']>;
export type RouteBodyInput<R extends RouteDeclaration> = Given<R['body']>;
/** The `data` of the answer. */
export type RouteData<R extends RouteDeclaration> = z.output<R['response']>;

/** The `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** What an address of a route needs: its path parameters (where it declares them) and its query (if any). */
export type UrlInput<R extends RouteDeclaration> = (R['params'] extends object
  ? { params: RouteParamsInput<R> }
  : { params?: never }) &
  (R['query'] extends object ? { query?: Partial<RouteQueryInput<R>> } : { query?: never });

/** The input may be left out where the route has no path parameters. */
export type UrlArgs<R extends RouteDeclaration> = R['params'] extends object
  ? [input: UrlInput<R>]
  : [input?: UrlInput<R>];

/**
 * The address of a declared route from the site's root, parameters filled in and query appended:
 * `routeUrl(discussionRoutes.unsubscribe, { query: { token } })` → `/api/v1/community/unsubscribe?token=…`.
 * Server code (mails, links, Location headers) builds every API address this way; browsers use web-kit's
 * `api.<group>.<name>.url(…)`, generated from the same declarations without their schemas.
 */
export function routeUrl<R extends RouteDeclaration>(route: R, ...[input]: UrlArgs<R>): string {
  return apiUrl(route.path, input as AddressInput | undefined);
}

/** `GET /content/products/:idOrSlug`: how routes are named in messages and tests. */
export const routeKey = (route: Pick<RouteDeclaration, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The path parameter naming the team a team-bound API key must match (`/teams/:id/…`), if the path names one. */
export const teamParamOf = (route: Pick<RouteDeclaration, 'path'>): string | undefined =>
  /^\/teams\/:([A-Za-z0-9_]+)(?:\/|$)/.exec(route.path)?.[1];
