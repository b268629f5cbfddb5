import { ltiRoutes, routeUrl, type LtiToolEndpoints } from '@catalyst/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createPlatformKeys } from './launch';
import { createToolKeys } from './tool-keys';

/** The tool's own addresses, as a platform's administrator enters them (deep linking lands on the launch URL). */
export function toolEndpoints(publicUrl: string): LtiToolEndpoints & { deepLinkUrl: string } {
  const origin = new URL(publicUrl).origin;
  const launchUrl = `${origin}${routeUrl(ltiRoutes.launch)}`;
  return {
    loginUrl: `${origin}${routeUrl(ltiRoutes.login)}`,
    launchUrl,
    jwksUrl: `${origin}${routeUrl(ltiRoutes.jwks)}`,
    deepLinkingUrl: launchUrl,
    deepLinkUrl: `${origin}${routeUrl(ltiRoutes.deepLink)}`,
  };
}

/** What the LTI routes share: the tool's addresses and keys, and the platforms' key sets. */
export function createLtiServices(db: Kysely<Database>, config: Config) {
  return {
    endpoints: toolEndpoints(config.PUBLIC_URL),
    toolKeys: createToolKeys(db, config.INTERNAL_SECRET),
    platformKeys: createPlatformKeys(config.SSO_ALLOW_LOOPBACK_HTTP),
  };
}
export type LtiServices = ReturnType<typeof createLtiServices>;
