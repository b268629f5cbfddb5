import type { Hono } from 'hono';
import { teamScimRoutes, teamScimTokenRoutes } from '@catalyst/contracts';
import { HttpError, mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createScimHandlers, createScimTokenHandlers } from './team-scim.handlers';

export function mountTeamScim(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, teamScimTokenRoutes, createScimTokenHandlers(deps));
  mountRoutes(app, teamScimRoutes, createScimHandlers(deps));
  // A SCIM path asked with a method it does not take: 405 naming those it does (in SCIM's shape, app.ts).
  const routes = Object.values(teamScimRoutes);
  for (const path of new Set(routes.map((r) => r.path))) {
    const allow = routes.filter((r) => r.path === path).map((r) => r.method);
    app.all(path, (c) => {
      throw new HttpError(405, `Method ${c.req.method} is not allowed on ${c.req.path}`, undefined, {
        allow: allow.join(', '),
      });
    });
  }
}
