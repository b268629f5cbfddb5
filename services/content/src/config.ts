import { z } from 'zod';
import {
  baseServiceConfigSchema,
  mailConfigSchema,
  parseConfig,
  serviceUrlsSchema,
} from '@catalyst/service-kit';

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  ...mailConfigSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4002),
  /** How long catalogue reads are memoised in process (admin writes clear it at once); 0 turns it off; default 5000. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** The gateway's base URL as browsers see it: links in creator invitations and review e-mails point there. */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL must be a URL such as http://localhost:8080')
    .default('http://localhost:8080'),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
