import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseServiceConfigSchema, parseConfig, serviceUrlsSchema } from '@catalyst/service-kit';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4006),
  /** The gateway's base URL as browsers see it: links in notification e-mails point there. */
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a URL such as http://localhost:8080').default('http://localhost:8080'),
  SITE_NAME: z.string().min(1).default('Catalyst'),
  /** SMTP connection URL (smtp:// or smtps://); without it e-mails go to the log and OUTBOX_DIR. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Catalyst <no-reply@catalyst.example>'),
  OUTBOX_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data', 'outbox')),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
