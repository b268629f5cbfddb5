import type { Context } from 'hono';
import { adminIdParamSchema } from '@catalyst/contracts';
import { parseWith, type AppEnv } from '@catalyst/service-kit';

/** The :id of an admin route: exactly 24 hexadecimal characters, else a 400. */
export const idParam = (c: Context<AppEnv>, entity: 'category' | 'product' | 'creator') =>
  parseWith(adminIdParamSchema(entity), { id: c.req.param('id') }).id;
