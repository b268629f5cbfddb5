import { z } from 'zod';
import { integrationMessage } from './form-messages/integrations';
import { API_KEY_MAX_DAYS, API_KEY_NAME_MAX, API_SCOPES, apiKeyMessages } from './api-keys-terms';
import { teamIdParamsSchema } from './teams';

export * from './api-keys-terms';

export const apiScopeSchema = z.enum(API_SCOPES);

/** A key as its lists show it: never its secret, only the prefix that names it. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters (`cat_live_Ab12`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  /** The team a team owner's key is bound to; null for an admin's key. */
  teamId: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Kept to the minute: a busy key writes it at most once a minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, integrationMessage('apiKey.name')).max(API_KEY_NAME_MAX),
  scopes: z
    .array(apiScopeSchema)
    .min(1, integrationMessage('apiKey.scopes'))
    .refine((scopes) => new Set(scopes).size === scopes.length, apiKeyMessages.duplicateScopes),
  /** Days until it stops working (at most a year); null or absent: until revoked. */
  expiresInDays: z.number().int().min(1).max(API_KEY_MAX_DAYS).nullable().optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** The one answer that carries the secret: shown once, kept only as a hash. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ keyId: z.uuid(apiKeyMessages.notFound) });
export const teamApiKeyParamsSchema = teamIdParamsSchema.extend(apiKeyIdParamsSchema.shape);

/** POST /internal/api-keys/resolve: the gateway's question for a `cat_live_…` bearer. */
export const resolveApiKeyBodySchema = z.object({ secret: z.string().min(1).max(256) });
