import type { Hono } from 'hono';
import { streamRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** Published streams and image copies, as declared in the contracts (streamRoutes), served by deps.streams. */
export const mountStreams = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, streamRoutes, deps.streams.handlers);
