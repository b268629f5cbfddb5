import {
  issuerUrlProblem,
  ltiMessages,
  type adminLtiRoutes,
  type LtiPlatformBody,
  type ltiInternalRoutes,
} from '@catalyst/contracts';
import { badRequest, conflict, isUniqueViolation, notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { platformOrigins } from './launch';
import { deletePlatform, insertPlatform, listPlatforms, toPlatform, updatePlatform } from './lti.repository';
import type { LtiServices } from './lti-services';

/** The platform's endpoints are https (loopback http only where SSO_ALLOW_LOOPBACK_HTTP allows it). */
function checkEndpoints(body: Required<LtiPlatformBody>, allowLoopbackHttp: boolean) {
  const errors = (['authUrl', 'tokenUrl', 'jwksUrl'] as const)
    .map((field) => ({ field, message: issuerUrlProblem(body[field], allowLoopbackHttp) }))
    .filter((error): error is { field: (typeof error)['field']; message: string } => Boolean(error.message))
    .map(({ field }) => ({ field, message: ltiMessages.httpsAddress }));
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

const taken = (error: unknown) => {
  if (isUniqueViolation(error, 'lti_platforms_issuer_client_key')) throw conflict(ltiMessages.taken);
  throw error;
};

export function createAdminLtiHandlers(
  { db, config }: Deps,
  { endpoints, toolKeys }: LtiServices,
): RouteHandlers<typeof adminLtiRoutes> {
  const { deepLinkUrl: _picker, ...tool } = endpoints;
  return {
    async list() {
      const [platforms, key] = await Promise.all([listPlatforms(db), toolKeys.signing()]);
      return { tool, platforms: platforms.map(toPlatform), keyId: key.kid };
    },
    async create({ body }) {
      checkEndpoints(body, config.SSO_ALLOW_LOOPBACK_HTTP);
      return toPlatform(await insertPlatform(db, body).catch(taken));
    },
    async update({ params, body }) {
      checkEndpoints(body, config.SSO_ALLOW_LOOPBACK_HTTP);
      const row = await updatePlatform(db, params.id, body).catch(taken);
      if (!row) throw notFound(ltiMessages.notFound);
      return toPlatform(row);
    },
    async remove({ params }) {
      const row = await deletePlatform(db, params.id);
      if (!row) throw notFound(ltiMessages.notFound);
      return { id: row.id };
    },
    rotateKey: async () => ({ keyId: await toolKeys.rotate() }),
  };
}

export function createLtiInternalHandlers({ db }: Deps): RouteHandlers<typeof ltiInternalRoutes> {
  return {
    frameOrigins: async () => ({
      origins: [...new Set((await listPlatforms(db)).flatMap(platformOrigins))],
    }),
  };
}
