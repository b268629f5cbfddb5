import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  resolveApiKeyBodySchema,
  teamApiKeyParamsSchema,
} from '../api-keys';
import { resolveSessionResponseSchema } from '../auth';
import { teamIdParamsSchema, teamMessages } from '../teams';
import { defineRoutes } from './define';

const service = 'auth';

/** Admins' API keys: any scope, for the whole site; the secret is answered once, by create. */
export const adminApiKeyRoutes = defineRoutes({
  listApiKeys: {
    method: 'GET',
    path: '/admin/api-keys',
    service,
    access: 'admin',
    summary: 'Every API key (admins’ and teams’), newest first, without secrets',
    response: apiKeyListSchema,
  },
  createApiKey: {
    method: 'POST',
    path: '/admin/api-keys',
    service,
    access: 'admin',
    summary: 'Make an API key with a name, scopes and an optional expiry; the secret is answered only here',
    body: createApiKeyBodySchema,
    response: createdApiKeySchema,
    status: 201,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/admin/api-keys/:keyId',
    service,
    access: 'admin',
    summary: 'Revoke an API key: it stops working at once',
    params: apiKeyIdParamsSchema,
    response: apiKeyListSchema.shape.items.element,
    // The key's owner is named in EVICT_USER_HEADER: the gateways forget the key's cached identity.
    evicts: 'user',
  },
});

/** A team owner's API keys, bound to the team: they open the team's own routes only. */
export const teamApiKeyRoutes = defineRoutes({
  listTeamApiKeys: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'GET',
    path: '/teams/:id/api-keys',
    service,
    access: 'user',
    summary: "The team's API keys, newest first, without secrets",
    params: teamIdParamsSchema,
    response: apiKeyListSchema,
  },
  createTeamApiKey: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'POST',
    path: '/teams/:id/api-keys',
    service,
    access: 'user',
    summary: 'Make an API key bound to the team; the secret is answered only here',
    params: teamIdParamsSchema,
    body: createApiKeyBodySchema,
    response: createdApiKeySchema,
    status: 201,
  },
  revokeTeamApiKey: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'DELETE',
    path: '/teams/:id/api-keys/:keyId',
    service,
    access: 'user',
    summary: "Revoke one of the team's API keys: it stops working at once",
    params: teamApiKeyParamsSchema,
    response: apiKeyListSchema.shape.items.element,
    evicts: 'user',
  },
});

/** The gateway resolves a `cat_live_…` bearer here (cached briefly, like sessions). */
export const apiKeyInternalRoutes = defineRoutes({
  resolveApiKey: {
    method: 'POST',
    path: '/internal/api-keys/resolve',
    service,
    access: 'internal',
    summary:
      "A live key's owner as an identity marked with the key (401 for an unknown, expired or revoked key)",
    body: resolveApiKeyBodySchema,
    response: resolveSessionResponseSchema,
  },
});
