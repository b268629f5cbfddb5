import express from 'express';
import { RELEASE_MESSAGES, releaseRoutes, type RouteDeclaration } from '@catalyst/contracts';
import {
  ADMIN_ONLY_MESSAGE,
  languageOfHeader,
  translateMessage,
  zodFieldErrors,
  type Logger,
} from '@catalyst/service-kit';
import { API_PREFIX } from '../routes';
import { chain, localsOf, pathOf, type Handler } from '../chain';
import { MESSAGES, sendError, sendJson } from '../errors';
import { AuthUnavailableError, bearerToken, type IdentityResolver } from '../identity';
import type { RemotesRegistry } from './registry';
import { ReleaseError, type ReleaseRepository } from './repository';

const RELEASE_ADMIN_MESSAGES = {
  signIn: 'Authentication required',
  adminOnly: ADMIN_ONLY_MESSAGE,
  noRegistry: 'The release registry is not configured (the gateway has no DATABASE_URL).',
} as const;

export interface ReleaseAdminDeps {
  /** Null when the gateway runs without a database. */
  repo: ReleaseRepository | null;
  /** Read again after each action, so this gateway's next answer already has it. */
  registry?: Pick<RemotesRegistry, 'refresh'>;
  identity: IdentityResolver;
  log: Logger;
}

/** The `:remote` of a declared path, from the request path (both under /api/v1). */
function paramsOf(route: RouteDeclaration, requestPath: string): Record<string, string> {
  const declared = route.path.split('/');
  const given = requestPath.slice(API_PREFIX.length).split('/');
  const params: Record<string, string> = {};
  declared.forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(given[i] ?? '');
  });
  return params;
}

/**
 * The admin API of the release registry, answered by the gateway itself: the caller's bearer token is
 * resolved here (auth is asked, as for any forwarded request) and only an admin passes.
 */
export function releaseAdminHandlers({
  repo,
  registry,
  identity,
  log,
}: ReleaseAdminDeps): Record<string, Handler> {
  const admin: Handler = async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return sendError(res, 401, RELEASE_ADMIN_MESSAGES.signIn);
    let caller;
    try {
      caller = await identity.resolve(token, String(localsOf(res).requestId ?? ''));
    } catch (error) {
      if (error instanceof AuthUnavailableError) return sendError(res, 503, MESSAGES.unavailable);
      throw error;
    }
    if (!caller) return sendError(res, 401, RELEASE_ADMIN_MESSAGES.signIn);
    if (caller.role !== 'admin') return sendError(res, 403, RELEASE_ADMIN_MESSAGES.adminOnly);
    localsOf(res).actor = caller.email;
    next();
  };
  const registryNeeded: Handler = (_req, res, next) =>
    repo ? next() : sendError(res, 503, RELEASE_ADMIN_MESSAGES.noRegistry);
  const body = express.raw({ type: () => true, limit: '4kb' }) as Handler;

  /** Parses params (and the JSON body) of a declaration, then runs the action; refusals are 4xx in the one error shape. */
  const action = <T>(
    route: RouteDeclaration,
    run: (input: {
      params: Record<string, unknown>;
      body: Record<string, unknown>;
      actor: string;
    }) => Promise<T>,
    message?: (data: T) => string,
  ): Handler[] => {
    const handle: Handler = async (req, res) => {
      const params = route.params
        ? route.params.safeParse(paramsOf(route, pathOf(req)))
        : { success: true as const, data: {} };
      if (!params.success) {
        const errors = zodFieldErrors(params.error);
        return sendError(res, 404, errors[0]?.message ?? 'Unknown front end', errors);
      }
      let parsedBody: Record<string, unknown> = {};
      if (route.body) {
        const raw = (req as { body?: unknown }).body;
        let json: unknown;
        try {
          const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
          json = text.trim() === '' ? {} : JSON.parse(text);
        } catch {
          return sendError(res, 400, MESSAGES.malformedJson);
        }
        const result = route.body.safeParse(json);
        if (!result.success) {
          const errors = zodFieldErrors(result.error);
          return sendError(res, 400, errors[0]?.message ?? 'Invalid request', errors);
        }
        parsedBody = result.data as Record<string, unknown>;
      }
      try {
        const data = await run({
          params: params.data as Record<string, unknown>,
          body: parsedBody,
          actor: String(localsOf(res).actor),
        });
        await registry?.refresh();
        // A success in the caller's page's language, as its refusals are (sendError).
        const said =
          message && translateMessage(languageOfHeader(req.headers['accept-language']), message(data));
        sendJson(res, 200, { success: true, data, ...(said ? { message: said } : {}) });
      } catch (error) {
        if (error instanceof ReleaseError) return sendError(res, error.status, error.message);
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'release registry action failed',
        );
        return sendError(res, 503, MESSAGES.unavailable);
      }
    };
    return route.body ? [admin, registryNeeded, body, handle] : [admin, registryNeeded, handle];
  };

  const list: Handler = async (_req, res) => {
    try {
      sendJson(res, 200, { success: true, data: { remotes: await repo!.list() } });
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'release registry unreachable',
      );
      sendError(res, 503, MESSAGES.unavailable);
    }
  };

  return {
    [releaseRoutes.list.path]: chain(admin, registryNeeded, list),
    [releaseRoutes.promote.path]: chain(
      ...action(
        releaseRoutes.promote,
        ({ params, body, actor }) => repo!.promote(String(params.remote), String(body.version), actor),
        (channel) => RELEASE_MESSAGES.promoted(channel.remote, channel.current),
      ),
    ),
    [releaseRoutes.rollback.path]: chain(
      ...action(
        releaseRoutes.rollback,
        ({ params, actor }) => repo!.rollback(String(params.remote), actor),
        ({ channel, undone }) =>
          undone === 'canary'
            ? RELEASE_MESSAGES.canaryStopped(channel.remote, channel.current)
            : RELEASE_MESSAGES.rolledBack(channel.remote, channel.current),
      ),
    ),
    [releaseRoutes.canary.path]: chain(
      ...action(
        releaseRoutes.canary,
        ({ params, body, actor }) =>
          repo!.canary(String(params.remote), String(body.version), Number(body.percent), actor),
        (channel) =>
          RELEASE_MESSAGES.canaryStarted(channel.remote, channel.canary!.version, channel.canary!.percent),
      ),
    ),
  };
}
