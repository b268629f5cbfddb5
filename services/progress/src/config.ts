import { z } from 'zod';
import { baseServiceConfigSchema, parseConfig, serviceUrlsSchema } from '@catalyst/service-kit';

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4003),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
