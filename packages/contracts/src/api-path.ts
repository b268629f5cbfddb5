// API addresses without zod: web-kit (in every browser page) builds its calls' addresses from here, so no page
// downloads the schema library for a URL. The declarations (./routes) give every path; this fills them in.

/** Where the gateway answers the API: every declared path is under it (internal routes excepted). */
export const API_PREFIX = '/api/v1';

/**
 * Sent by the app's calls from a page inside another site's frame (an LMS's, after an LTI launch): services then
 * hand its cookies as a frame of another site can keep them (service-kit's framedCookies).
 */
export const FRAMED_REQUEST_HEADER = 'x-catalyst-framed';

/** A query value; undefined, null and '' are left out of the address. */
export type QueryValue = string | number | boolean | null | undefined;

/** A declaration's path with its parameters filled in (each one URL-encoded): `/a/:id` with `{ id: 'x y' }` → `/a/x%20y`. */
export function fillPath(path: string, params: object | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x%20y` of the given values (none: ''). */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as Array<[string, QueryValue]>)
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path parameters and query of an address. */
export interface AddressInput {
  params?: object;
  query?: object;
}

/**
 * The address of a declared path under `base` (the API prefix unless told): `apiUrl('/media/uploads')` →
 * `/api/v1/media/uploads`. Typed callers use `routeUrl(route, …)` (server) or `api.<group>.<name>.url(…)` (browser).
 */
export function apiUrl(path: string, input: AddressInput = {}, base: string = API_PREFIX): string {
  return `${base.replace(/\/+$/, '')}${fillPath(path, input.params)}${queryString(input.query)}`;
}
