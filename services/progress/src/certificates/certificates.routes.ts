import type { Hono } from 'hono';
import { certificateRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import { createCredentialHandlers } from '../credentials/credentials.handlers';
import type { Deps } from '../deps';
import { createCertificateHandlers } from './certificates.handlers';

/** Certificates as declared in the contracts (certificateRoutes): these handlers, and the signed credential's (../credentials). */
export function mountCertificates(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, certificateRoutes, {
    ...createCertificateHandlers(deps),
    ...createCredentialHandlers(deps),
  });
}
