import type { Hono } from 'hono';
import { downloadRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createDownloadHandlers } from './downloads.handlers';

/** Lesson resources' downloads, as declared in the contracts (downloadRoutes). */
export const mountDownloads = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, downloadRoutes, createDownloadHandlers(deps));
