import type { Context, Hono } from 'hono';
import {
  AUDIENCE_HEADER,
  audienceHeaderValue,
  CREATOR_REQUIRED_MESSAGE,
  declaredBodyLimit,
  needsSignIn,
  pathParamNames,
  routeKey,
  type Identity,
  type RouteData,
  type RouteBody,
  type RouteDeclaration,
  type RouteParams,
  type RouteQuery,
  type RouteTable,
} from '@catalyst/contracts';
import { requireIdentity, type AppEnv } from './app';
import { forbidden, HttpError } from './errors';
import type { Logger } from './logger';
import { BODY_TOO_LARGE_MESSAGE, parseBody, parseWith } from './validate';
import { LIVENESS_PATH } from './health';
import { ADMIN_ONLY_MESSAGE, requestLanguage, translateMessage } from './i18n';
import { declaredLength } from './request-body';
import { premiumTargetProblem } from './premium';

type Ctx = Context<AppEnv>;

/** The caller: always present on routes that need a sign-in. */
type CallerOf<R extends RouteDeclaration> = R['access'] extends 'user' | 'premium' | 'creator' | 'admin'
  ? Identity
  : Identity | null;

/** What a handler receives: its declaration's inputs, parsed, and the caller. */
export interface HandlerInput<R extends RouteDeclaration> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  identity: CallerOf<R>;
  requestId: string;
  log: Logger;
}

const REPLY = Symbol('reply');

/** An answer with more than its data: the success message, another 2xx status, headers. */
export interface Reply<T> {
  [REPLY]: true;
  data: T;
  message?: string;
  status?: 200 | 201 | 202;
  headers?: Record<string, string>;
  /** The success body already serialised (`successBody(data, message)`, or its UTF-8 bytes): sent as it is, with the route's status and headers. */
  body?: string | Uint8Array<ArrayBuffer>;
}

export function reply<T>(
  data: T,
  options: {
    message?: string;
    status?: 200 | 201 | 202;
    headers?: Record<string, string>;
    body?: string | Uint8Array<ArrayBuffer>;
  } = {},
): Reply<T> {
  return { [REPLY]: true, data, ...options };
}

/** The one success shape, serialised: what a route answers for `data` (an answer kept serialised is made with it). */
export const successBody = (data: unknown, message?: string): string =>
  JSON.stringify(message === undefined ? { success: true, data } : { success: true, data, message });

const isReply = (value: unknown): value is Reply<unknown> =>
  typeof value === 'object' && value !== null && REPLY in value;

/** A handler answers its declaration's data (or a `reply` of it); a Response passes through untouched (redirects, pages). */
export type RouteResult<R extends RouteDeclaration> = RouteData<R> | Reply<RouteData<R>> | Response;
export type RouteHandler<R extends RouteDeclaration> = (
  input: HandlerInput<R>,
  c: Ctx,
) => RouteResult<R> | Promise<RouteResult<R>>;
export type RouteHandlers<T extends RouteTable> = { [K in keyof T]: RouteHandler<T[K]> };

export interface MountOptions {
  /**
   * The premium check, run for `access: 'premium'` routes after the sign-in check and input parsing (so a bad id
   * is a 400 and a refusal names nothing that exists); it throws to refuse. Every service gives the one
   * `premiumCheck(…)` (./premium), which reads the route's declared `premium` target.
   */
  premium?: (c: Ctx, input: HandlerInput<RouteDeclaration>, route: RouteDeclaration) => Promise<void>;
  /** `cache: 'shared'` answers may be kept this long by shared caches (0: not at all). */
  publicMaxAgeSeconds?: number;
  /** How this table's answers are checked against their declarations (default: the process's, see ResponseCheck). */
  checkResponses?: boolean | ResponseCheck;
}

/**
 * How answers are checked against their declared `response` schema (and a kept body against its data):
 * - 'strict': every answer; a mismatch is logged at error level and answered as a 500, so the run that made it
 *   fails (vitest, and the e2e, security and fault runs: their launcher sets RESPONSE_CHECK=strict);
 * - a share between 0 and 1: that share of answers, a mismatch logged at error level and the answer still sent
 *   (production's default, RESPONSE_CHECK's, samples 1 %); 0: none.
 */
export type ResponseCheck = 'strict' | number;

const underTest = () => process.env.NODE_ENV === 'test' || Boolean(process.env.VITEST);
let processCheck: ResponseCheck | undefined;

/** Sets how this process checks its answers (runService does, from RESPONSE_CHECK); tables mounted after it follow. */
export function configureResponseCheck(check: ResponseCheck) {
  processCheck = check;
}

const policyOf = (given: MountOptions['checkResponses']): ResponseCheck =>
  given === true ? 'strict' : given === false ? 0 : (given ?? processCheck ?? (underTest() ? 'strict' : 0));

/** Why an answer does not match its declaration, or undefined when it does. */
function driftOf(route: RouteDeclaration, answer: Omit<Reply<unknown>, typeof REPLY>): string | undefined {
  const parsed = route.response.safeParse(answer.data);
  if (!parsed.success)
    return `The answer of ${routeKey(route)} does not match its declaration: ${parsed.error.message}`;
  const kept =
    typeof answer.body === 'string' || answer.body === undefined
      ? answer.body
      : Buffer.from(answer.body).toString('utf8');
  if (kept !== undefined && kept !== successBody(answer.data, answer.message))
    return `The kept body of ${routeKey(route)} is not its data serialised`;
  return undefined;
}

/** Hono answers HEAD with a GET route: a declared HEAD route is mounted as one (and still listed as HEAD). */
const headRoutes = new WeakMap<Hono<AppEnv>, Set<string>>();

/**
 * Mounts the handlers of a table of declarations on a service: each route gets its access rule, its
 * inputs parsed by its schemas (401/403 before 400, as the security suite expects), its answer in the one
 * success shape and its cache policy. Paths are the declared ones (the gateway strips /api/v1).
 */
export function mountRoutes<T extends RouteTable>(
  app: Hono<AppEnv>,
  routes: T,
  handlers: RouteHandlers<T>,
  options: MountOptions = {},
) {
  const check = policyOf(options.checkResponses);
  const maxAge = Math.floor(options.publicMaxAgeSeconds ?? 0);
  for (const [name, route] of Object.entries(routes)) {
    const handler = handlers[name] as RouteHandler<RouteDeclaration> | undefined;
    if (!handler) throw new Error(`No handler for ${routeKey(route)} (${name})`);
    if (pathParamNames(route.path).length > 0 && !route.params)
      throw new Error(`${routeKey(route)} has path parameters but no params schema`);
    if (route.access === 'premium' && !options.premium)
      throw new Error(`${routeKey(route)} is premium but the service gave no premium rule`);
    const premiumProblem = premiumTargetProblem(route);
    if (premiumProblem) throw new Error(premiumProblem);
    if (route.cache === 'premium' && route.access !== 'premium')
      throw new Error(`${routeKey(route)} is cached for the premium audience but is not a premium route`);
    const cacheControl =
      route.cache === 'shared' && maxAge >= 1 ? `public, max-age=0, s-maxage=${maxAge}` : undefined;
    // The premium rule let this caller through: the gateway may give the answer to other entitled callers (never a browser cache).
    const audience =
      route.cache === 'premium' && maxAge >= 1
        ? { 'cache-control': 'no-store', [AUDIENCE_HEADER]: audienceHeaderValue('premium', maxAge) }
        : undefined;

    // A JSON body is parsed against its schema here, up to the route's limit; a form or raw body is read by its
    // handler, so its declared length is held to that limit first (as the gateway holds it). Streamed: no limit.
    const maxBytes = declaredBodyLimit(route);
    const jsonBody = route.body && (route.bodyKind ?? 'json') === 'json' ? route.body : undefined;
    const handlerBodyLimit =
      !jsonBody && route.method !== 'GET' && route.method !== 'HEAD' ? maxBytes : undefined;

    const viaGet = route.method === 'HEAD';
    if (viaGet) headRoutes.set(app, (headRoutes.get(app) ?? new Set()).add(route.path));
    app.on(viaGet ? 'GET' : route.method, route.path, async (c) => {
      if (viaGet && c.req.method !== 'HEAD')
        throw new HttpError(405, `Method ${c.req.method} is not allowed on ${c.req.path}`);
      if (handlerBodyLimit !== undefined && (declaredLength(c) ?? 0) > handlerBodyLimit)
        throw new HttpError(413, BODY_TOO_LARGE_MESSAGE);
      let identity: Identity | null = c.get('identity');
      if (needsSignIn(route.access)) identity = requireIdentity(c);
      if (route.access === 'admin' && identity?.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
      if (route.access === 'creator' && identity?.role !== 'creator' && identity?.role !== 'admin')
        throw forbidden(CREATOR_REQUIRED_MESSAGE);
      const input: HandlerInput<RouteDeclaration> = {
        params: route.params ? parseWith(route.params, c.req.param()) : undefined,
        query: route.query ? parseWith(route.query, c.req.query()) : undefined,
        body: jsonBody ? await parseBody(c, jsonBody, { maxBytes }) : undefined,
        identity: identity as Identity,
        requestId: c.get('requestId'),
        log: c.get('log'),
      };
      if (route.access === 'premium') await options.premium!(c, input, route);
      const result = await handler(input, c);
      if (result instanceof Response) return result;
      const answer: Omit<Reply<unknown>, typeof REPLY> = isReply(result) ? result : { data: result };
      if (check === 'strict' || (check > 0 && Math.random() < check)) {
        const drift = driftOf(route, answer);
        if (drift) {
          // Loud: an error line whatever the check, and under a strict one a 500, so the run that made it fails.
          input.log.error({ route: routeKey(route), drift }, 'answer does not match its declaration');
          if (check === 'strict')
            return c.json({ success: false, message: 'An unexpected error occurred.' }, 500);
        }
      }
      const status = answer.status ?? route.status ?? 200;
      const keepable = status === 200 && c.req.method === 'GET' && !answer.headers?.['cache-control'];
      const headers =
        keepable && cacheControl
          ? { ...answer.headers, 'cache-control': cacheControl }
          : keepable && audience
            ? { ...answer.headers, ...audience }
            : answer.headers;
      if (answer.body !== undefined) {
        const json = { 'Content-Type': 'application/json', ...headers };
        return typeof answer.body === 'string'
          ? c.body(answer.body, status, json)
          : c.body(answer.body, status, json);
      }
      // A success's message in the caller's language, unless the answer may be kept and shared (edge cache).
      const shared = keepable && (cacheControl !== undefined || audience !== undefined);
      const message =
        answer.message === undefined || shared
          ? answer.message
          : translateMessage(requestLanguage(c), answer.message);
      const body =
        message === undefined
          ? { success: true, data: answer.data }
          : { success: true, data: answer.data, message };
      return c.json(body, status, headers);
    });
  }
  return app;
}

/**
 * The paths of a table's routes whose bodies stream to their handler (`bodyKind: 'stream'`), as one
 * pattern for createService's `streamedBodies` (undefined when the table has none).
 */
export function streamedBodyPaths(routes: RouteTable): RegExp | undefined {
  const paths = Object.values(routes)
    .filter((route) => route.bodyKind === 'stream')
    .map((route) => route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+'));
  return paths.length > 0 ? new RegExp(`^(?:${[...new Set(paths)].join('|')})$`) : undefined;
}

/** The method and path of every route mounted on an app (middleware and the probes, /health and /livez, left out). */
export function mountedRoutes(app: Hono<AppEnv>): string[] {
  const heads = headRoutes.get(app);
  const keys = app.routes
    .filter((r) => r.method !== 'ALL' && r.path !== '/health' && r.path !== LIVENESS_PATH)
    .map((r) => `${r.method === 'GET' && heads?.has(r.path) ? 'HEAD' : r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}
