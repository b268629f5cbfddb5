import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiRequestBodyObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import {
  allRouteTables,
  apiErrorSchema,
  CREATOR_REQUIRED_MESSAGE,
  declaredBodyLimit,
  needsSignIn,
  pathParamNames,
  PREMIUM_REQUIRED_MESSAGE,
  routeKey,
  type RouteDeclaration,
  type RouteOwner,
  type RouteTable,
} from '@catalyst/contracts';
import { API_PREFIX } from './routes';

/**
 * What the reference says of each owner, as its tag: typed by the owners the declarations name, so a new
 * service cannot be declared without its description. Only owners with a listed route become tags.
 */
const TAGS: Record<RouteOwner, string> = {
  auth: 'Accounts, sessions, e-mail verification and passwords',
  content: 'The catalogue: categories, creators, products, premium content and its administration',
  progress: "The learner's progress, quizzes and certificates",
  billing: "The Premium plan: checkout, status, invoices and the payment provider's webhooks",
  media: 'Resumable uploads, media assets, and the streams, downloads and images made of them',
  community: 'Discussions, live sessions, follows and moderation',
  gateway: 'The gateway itself: health, client error reports, the API reference and front-end releases',
};

const errorBody = apiErrorSchema.meta({
  id: 'ApiError',
  description: 'The one error shape: a message a person can act on, and the fields at fault',
});
type Refusal = { description: string; message?: string; retryAfter?: boolean; errors?: boolean };
/** An input refused, as the example of a 400: the first problem as the message, every field at fault listed. */
const FIELD_EXAMPLE = { field: 'name', message: 'Name is required' };
const errorResponse = ({ description, message, retryAfter, errors }: Refusal) => ({
  description,
  ...(retryAfter
    ? {
        headers: {
          'Retry-After': {
            description: 'Seconds to wait before trying again',
            required: true,
            schema: { type: 'integer' as const, minimum: 1 },
          },
        },
      }
    : {}),
  content: {
    'application/json': {
      schema: errorBody,
      ...(errors
        ? { example: { success: false, message: FIELD_EXAMPLE.message, errors: [FIELD_EXAMPLE] } }
        : message
          ? { example: { success: false, message } }
          : {}),
    },
  },
});
const bearer = [{ bearer: [] }];

/** Who may call it: a session where it needs one, and the API keys holding one of its scopes (`{}`: anyone). */
function securityOf(route: RouteDeclaration): ZodOpenApiOperationObject['security'] {
  if (!route.scopes) return needsSignIn(route.access) ? bearer : undefined;
  return [needsSignIn(route.access) ? { bearer: [] } : {}, { apiKey: [...route.scopes] }];
}

/** `/content/products/:idOrSlug` → `/content/products/{idOrSlug}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function requestBodyOf(route: RouteDeclaration): ZodOpenApiRequestBodyObject | undefined {
  switch (route.bodyKind ?? 'json') {
    case 'json':
      return route.body
        ? { required: true, content: { 'application/json': { schema: route.body } } }
        : undefined;
    case 'form':
      return {
        required: true,
        description: 'A form the handler reads itself',
        content: {
          'multipart/form-data': { schema: z.record(z.string(), z.string()) },
          'application/x-www-form-urlencoded': { schema: z.record(z.string(), z.string()) },
        },
      };
    case 'raw':
      return {
        required: true,
        description: 'Read as sent, byte for byte: its signature covers the exact bytes',
        content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      };
  }
}

/** Whether a route reads a request body (parsed JSON, a form or raw bytes it reads itself, or a stream). */
const readsBody = (route: RouteDeclaration) => route.body !== undefined || route.bodyKind !== undefined;
const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join('; or ');
const KIB = 1024;

/**
 * The refusals a route may answer, derived from its declaration: 400 for the inputs it parses (the first problem
 * as the message, every field at fault in `errors`), 401/403 for its access (a premium route's 403 carries the
 * plan message), 404 for a path parameter that names nothing, 413 past its body limit, and what its handler
 * declares in `refuses` (409, 410, 429 with Retry-After…). Every refusal is the one error shape.
 */
export function refusalsOf(route: RouteDeclaration): Record<string, Refusal> {
  const refusals: Record<string, Refusal> = {};
  const own = route.refuses ?? {};
  if (route.params || route.query || route.body || route.bodyKind === 'form' || route.bodyKind === 'raw')
    refusals['400'] = {
      description: 'Invalid input: the message is the first problem, `errors` names every field at fault',
      errors: true,
    };
  if (needsSignIn(route.access))
    refusals['401'] = {
      description: 'Sign-in required: no session token, or an expired or revoked one',
      message: 'Authentication required',
    };
  if (route.access === 'premium')
    refusals['403'] = {
      description: joined(
        'The Premium plan is needed (admins always pass; a free product opens to every signed-in user)',
        own[403],
      ),
      message: PREMIUM_REQUIRED_MESSAGE,
    };
  else if (route.access === 'admin')
    refusals['403'] = { description: joined('Admins only', own[403]), message: 'Admin access required' };
  else if (route.access === 'creator')
    refusals['403'] = {
      description: joined('Creators and admins only', own[403]),
      message: CREATOR_REQUIRED_MESSAGE,
    };
  else if (own[403]) refusals['403'] = { description: own[403] };
  const names = pathParamNames(route.path);
  if (names.length > 0 || own[404])
    refusals['404'] = {
      description: joined(
        names.length > 0 ? `Nothing answers to the ${names.join(' and ')} in the path` : undefined,
        own[404],
      ),
    };
  if (own[409]) refusals['409'] = { description: own[409] };
  if (own[410]) refusals['410'] = { description: own[410] };
  const limit = declaredBodyLimit(route);
  if (readsBody(route) && limit !== undefined)
    refusals['413'] = {
      description: `The body is larger than the route accepts (${Math.round(limit / KIB)} KiB)`,
      message: 'Request body is too large',
    };
  if (own[429]) refusals['429'] = { description: own[429], retryAfter: true };
  return refusals;
}

/** A byte answer in each of its declared media types (none: an answer without a body, e.g. tus). */
function bytesContent(route: RouteDeclaration) {
  if (!route.produces?.length) return undefined;
  return Object.fromEntries(
    route.produces.map((type) => [
      type,
      type.startsWith('text/') || type.endsWith('+jwt')
        ? { schema: { type: 'string' as const } }
        : { schema: { type: 'string' as const, contentMediaType: type } },
    ]),
  );
}

function responsesOf(route: RouteDeclaration): ZodOpenApiResponsesObject {
  const success = z.object({
    success: z.literal(true),
    data: route.response,
    message: z.string().optional(),
  });
  const content =
    route.answer === 'bytes' ? bytesContent(route) : { 'application/json': { schema: success } };
  const responses: ZodOpenApiResponsesObject = {
    [String(route.status ?? 200)]: { description: route.summary, ...(content ? { content } : {}) },
  };
  for (const [status, refusal] of Object.entries(refusalsOf(route)))
    responses[status as `4${string}`] = errorResponse(refusal);
  responses['5XX'] = errorResponse({ description: 'A service is unavailable (503) or too slow (504)' });
  return responses;
}

const ACCESS_NOTE: Record<RouteDeclaration['access'], string> = {
  public: 'Open to everyone.',
  user: 'Needs a sign-in.',
  premium:
    'Needs a sign-in and the Premium plan (admins always; a free product opens to every signed-in user).',
  creator: 'Creators (their own items) and admins only.',
  admin: 'Admins only.',
  signature: "Authenticated by the payment provider's signature, not by a sign-in.",
  internal: 'Service to service only.',
  token: "Authenticated by the owner's own bearer token (a team's SCIM token), not by a sign-in.",
};

function operationOf(route: RouteDeclaration, operationId: string): ZodOpenApiOperationObject {
  const requestParams: ZodOpenApiOperationObject['requestParams'] = {};
  if (route.params) requestParams.path = route.params as never;
  if (route.query) requestParams.query = route.query as never;
  const requestBody = requestBodyOf(route);
  const security = securityOf(route);
  const keys = route.scopes ? ` API keys with the scope ${route.scopes.join(' or ')} may call it.` : '';
  return {
    operationId,
    tags: [route.service],
    summary: route.summary,
    description: ACCESS_NOTE[route.access] + keys,
    ...(route.params || route.query ? { requestParams } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(security ? { security } : {}),
    responses: responsesOf(route),
  };
}

/** `progressRoutes` + `list` → `progress.list`. */
const operationIdOf = (table: string, name: string) => `${table.replace(/Routes$/, '')}.${name}`;

/**
 * The OpenAPI 3.1 document of the public API, generated by zod-openapi from the route declarations:
 * every declaration that is neither internal nor hidden is an operation, its inputs rendered as the
 * schemas accept them and its answer as the handler gives it, in the success shape.
 */
export function createOpenApiDocument(tables: Record<string, RouteTable> = allRouteTables, version = '1') {
  const paths: ZodOpenApiPathsObject = {};
  const usedTags = new Set<RouteOwner>();
  for (const [tableName, table] of Object.entries(tables)) {
    for (const [name, route] of Object.entries(table)) {
      if (route.access === 'internal' || route.service === 'every' || route.hidden) continue;
      const path = openApiPath(route.path);
      const item = (paths[path] ??= {});
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      if (item[method]) throw new Error(`${routeKey(route)} is declared twice`);
      item[method] = operationOf(route, operationIdOf(tableName, name));
      usedTags.add(route.service);
    }
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Catalyst API',
        version,
        description:
          'The API behind the Catalyst learning catalogue. Successes are `{ success: true, data, message? }`, errors `{ success: false, message, errors? }`.',
      },
      servers: [{ url: API_PREFIX }],
      tags: (Object.keys(TAGS) as RouteOwner[])
        .filter((tag) => usedTags.has(tag))
        .map((name) => ({ name, description: TAGS[name] })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session token that POST /auth/login answers',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (`cat_live_…`) an admin or a team owner made; it opens the operations listing one of its scopes (a team key its own team only), 600 requests a minute by default, with `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on every answer',
          },
        },
      },
      paths,
    },
    {
      // Answers are sent as handlers give them: a declared object does not promise that nothing else is in it.
      override: ({ jsonSchema, zodSchema, io }) => {
        if (
          io === 'output' &&
          zodSchema._zod.def.type === 'object' &&
          !(zodSchema._zod.def as { catchall?: unknown }).catchall
        )
          delete jsonSchema.additionalProperties;
      },
    },
  );
}

/** The document as served: built once, its bytes and their validator. */
export interface OpenApiAsset {
  body: Buffer;
  etag: string;
}

let built: OpenApiAsset | undefined;

/** Builds the document of this build's declarations on first use and keeps it (declarations never change at run time). */
export function openApiAsset(): OpenApiAsset {
  if (!built) {
    const body = Buffer.from(JSON.stringify(createOpenApiDocument()));
    built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  return built;
}
