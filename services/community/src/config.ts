import { z } from 'zod';
import { baseServiceConfigSchema, mailConfigSchema, parseConfig, serviceUrlsSchema } from '@catalyst/service-kit';

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  ...mailConfigSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4006),
  /** The gateway's base URL as browsers see it: links in notification e-mails point there. */
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a URL such as http://localhost:8080').default('http://localhost:8080'),
  SITE_NAME: z.string().min(1).default('Catalyst'),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
