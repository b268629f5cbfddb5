import type { ServerResponse } from 'node:http';
import { API_KEY_PREFIX, apiKeyMessages, type Identity } from '@catalyst/contracts';
import type { Cache } from '@catalyst/service-kit';
import { sendError } from './errors';
import type { ApiRoute } from './routes';

const WINDOW_SECONDS = 60;

/** Whether a bearer token is an API key rather than a session token. */
export const isApiKey = (token: string | undefined): token is string =>
  token?.startsWith(API_KEY_PREFIX) ?? false;

/**
 * What the gateway checks of an API key before forwarding (architecture: "API keys"): that it resolved and has not
 * expired (401), its requests this minute (RateLimit-* headers, 429 past the limit, counted in the shared cache so
 * it holds across gateways), then that the route declares one of its scopes and, for a team key, names its team
 * (403). Answers true when it refused the request.
 */
export function createApiKeyGate({ cache, perMinute }: { cache: Cache; perMinute: number }) {
  return async function refuse(
    res: ServerResponse,
    route: ApiRoute,
    path: string,
    caller: Identity | null,
  ): Promise<boolean> {
    const key = caller?.apiKey;
    if (!key || (key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now())) {
      res.setHeader('www-authenticate', 'Bearer');
      sendError(res, 401, apiKeyMessages.invalid);
      return true;
    }
    // A fixed window on the clock's minutes: the reset is the seconds left in this one.
    const now = Date.now();
    const window = Math.floor(now / (WINDOW_SECONDS * 1000));
    const used = await cache.incr(`api-key:${key.id}:${window}`, WINDOW_SECONDS);
    const reset = WINDOW_SECONDS - Math.floor((now / 1000) % WINDOW_SECONDS);
    res.setHeader('ratelimit-limit', String(perMinute));
    res.setHeader('ratelimit-remaining', String(Math.max(0, perMinute - used)));
    res.setHeader('ratelimit-reset', String(reset));
    if (used > perMinute) {
      res.setHeader('retry-after', String(reset));
      sendError(res, 429, apiKeyMessages.tooMany);
      return true;
    }
    if (!route.scopes) {
      sendError(res, 403, apiKeyMessages.routeClosed);
      return true;
    }
    if (!route.scopes.some((scope) => key.scopes.includes(scope))) {
      sendError(res, 403, apiKeyMessages.scopeNeeded(route.scopes));
      return true;
    }
    if (key.teamId !== null && route.teamSegment !== undefined) {
      const team = path.split('/')[route.teamSegment];
      if (team !== key.teamId) {
        sendError(res, 403, apiKeyMessages.otherTeam);
        return true;
      }
    }
    return false;
  };
}
