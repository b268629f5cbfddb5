import type { Hono } from 'hono';
import { uploadRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createUploadHandlers } from './uploads.handlers';

/** Resumable uploads over tus, as declared in the contracts (uploadRoutes). */
export const mountUploads = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, uploadRoutes, createUploadHandlers(deps.uploads, deps.db));
