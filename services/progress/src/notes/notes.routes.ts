import type { Hono } from 'hono';
import { noteRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createNoteHandlers } from './notes.handlers';

/** Notes and bookmarks, as declared in the contracts (noteRoutes). */
export const mountNotes = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, noteRoutes, createNoteHandlers(deps));
