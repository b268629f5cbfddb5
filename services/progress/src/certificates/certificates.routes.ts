import type { Hono } from 'hono';
import { certificateRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createCertificateHandlers } from './certificates.handlers';

/** Certificates, as declared in the contracts (certificateRoutes); their signed credentials are ../credentials'. */
export const mountCertificates = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, certificateRoutes, createCertificateHandlers(deps));
