import type {
  RouteBodyInput,
  RouteData,
  RouteDeclaration,
  RouteParamsInput,
  RouteQueryInput,
} from '@catalyst/contracts';
import { fillPath } from '@catalyst/contracts/api-path';
import type { ApiClient, ApiResult, HttpMethod, QueryValue } from './client';
import { API_ROUTES, type ApiTables } from './routes.generated';

/** The raw calls an endpoint is made of. */
type RawClient = Pick<ApiClient, 'request' | 'url' | 'prefetch'>;

type Query = Record<string, QueryValue>;

/** What a call sends: the declaration's path parameters, query and body (each only where it declares one). */
export type CallInput<R extends RouteDeclaration> = (R['params'] extends object
  ? { params: RouteParamsInput<R> }
  : { params?: never }) &
  (R['query'] extends object ? { query?: Partial<RouteQueryInput<R>> } : { query?: never }) &
  (R['body'] extends object ? { body: RouteBodyInput<R> } : { body?: never });

/** The input may be left out where nothing in it is required. */
type InputArgs<R extends RouteDeclaration> = R['params'] extends object
  ? [input: CallInput<R>]
  : R['body'] extends object
    ? [input: CallInput<R>]
    : [input?: CallInput<R>];

/** An address needs only the path parameters (and the query, if any). */
type UrlArgs<R extends RouteDeclaration> = R['params'] extends object
  ? [input: CallInput<R>]
  : [input?: Partial<CallInput<R>>];

export interface CallOptions {
  signal?: AbortSignal;
  /** Lets a request outlive the page (progress saved on unload). */
  keepalive?: boolean;
  /** Only the server's own answer will do: never a kept one (offline), e.g. to check a plan. */
  fresh?: boolean;
}

/** One declared endpoint, callable: its answer's data, typed by the declaration. */
export interface Endpoint<R extends RouteDeclaration> {
  (...args: [...InputArgs<R>, options?: CallOptions]): Promise<RouteData<R>>;
  /** The answer with the server's message beside the data (forms show it). */
  request(...args: [...InputArgs<R>, options?: CallOptions]): Promise<ApiResult<RouteData<R>>>;
  /** The full address of a call (the unload save posts a form there; reads are keyed by it). */
  url(...args: UrlArgs<R>): string;
  /** Starts the GET now; the first call of the same address takes its answer (see ApiClient.prefetch). */
  prefetch(...args: UrlArgs<R>): Promise<unknown>;
}

/**
 * A declared route whose answer is bytes or a stream (a file, a tus upload, Server-Sent Events): its address,
 * for the client that speaks its format (a player, tus-js-client, EventSource, a link).
 */
export interface Address<R extends RouteDeclaration> {
  /** The full address (API base, filled path, query): `api.upload.createUpload.url()`. */
  url(...args: UrlArgs<R>): string;
}

export type Endpoints = {
  [G in keyof ApiTables]: {
    [K in keyof ApiTables[G]]: ApiTables[G][K] extends RouteDeclaration
      ? ApiTables[G][K] extends { answer: 'bytes' }
        ? Address<ApiTables[G][K]>
        : Endpoint<ApiTables[G][K]>
      : never;
  };
};

type Input = { params?: Record<string, unknown>; query?: Query; body?: unknown } | undefined;

function address(client: RawClient, path: string): Address<RouteDeclaration> {
  return {
    url: (input?: Input) => client.url(fillPath(path, input?.params), input?.query),
  } as Address<RouteDeclaration>;
}

function endpoint(client: RawClient, method: HttpMethod, path: string): Endpoint<RouteDeclaration> {
  const target = (input: Input) => fillPath(path, input?.params);
  const request = (input?: Input, options: CallOptions = {}) =>
    client.request(method, target(input), { query: input?.query, body: input?.body, ...options });
  const call = async (input?: Input, options?: CallOptions) => (await request(input, options)).data;
  return Object.assign(call, {
    request,
    url: (input?: Input) => client.url(target(input), input?.query),
    prefetch: (input?: Input) => client.prefetch(target(input), input?.query),
  }) as unknown as Endpoint<RouteDeclaration>;
}

/** Every declared endpoint a browser calls, on one client: `api.product.list({ query })`, `api.progress.update({ params, body })`. */
export function createEndpoints(client: RawClient): Endpoints {
  return Object.fromEntries(
    Object.entries(API_ROUTES).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes).map(([name, [method, path, answer]]: [string, readonly string[]]) => [
          name,
          answer === 'bytes' ? address(client, path!) : endpoint(client, method as HttpMethod, path!),
        ]),
      ),
    ]),
  ) as unknown as Endpoints;
}
