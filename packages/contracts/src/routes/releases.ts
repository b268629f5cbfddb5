import { z } from 'zod';
import {
  canaryReleaseBodySchema,
  promoteReleaseBodySchema,
  releaseChannelSchema,
  releaseParamsSchema,
  remoteReleasesSchema,
} from '../releases';
import { defineRoutes } from './define';

const service = 'gateway';

/**
 * The release registry (the gateway owns it: it answers /mf/remotes.json from it and serves the releases'
 * files). The same actions as `npm run remotes -- …`, for the admin's releases page.
 */
export const releaseRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/admin/releases',
    service,
    access: 'admin',
    summary: 'Every front end with its releases (status, who, when, commit, load errors) and its history',
    response: z.object({ remotes: z.array(remoteReleasesSchema) }),
  },
  promote: {
    method: 'POST',
    path: '/admin/releases/:remote/promote',
    service,
    access: 'admin',
    summary: 'Serve a release to everyone (a running canary ends)',
    params: releaseParamsSchema,
    body: promoteReleaseBodySchema,
    response: releaseChannelSchema,
  },
  rollback: {
    method: 'POST',
    path: '/admin/releases/:remote/rollback',
    service,
    access: 'admin',
    summary: 'End a running canary, else return to the previous release',
    params: releaseParamsSchema,
    response: z.object({ channel: releaseChannelSchema, undone: z.enum(['canary', 'promotion']) }),
  },
  canary: {
    method: 'POST',
    path: '/admin/releases/:remote/canary',
    service,
    access: 'admin',
    summary: 'Serve a release to a stable share of people (percent, more than 0 and less than 100)',
    params: releaseParamsSchema,
    body: canaryReleaseBodySchema,
    response: releaseChannelSchema,
  },
});
