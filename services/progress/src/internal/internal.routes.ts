import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { entitlementEvictBodySchema, objectIdSchema } from '@catalyst/contracts';
import { ok, parseBody, parseWith, type AppEnv } from '@catalyst/service-kit';
import type { Catalog } from '../catalog/catalog.client';
import type { Database } from '../db/schema';
import type { Entitlements } from '../entitlement/entitlement';
import { deleteProductProgress, deleteUserProgress } from '../progress/progress.repository';

/** Service-to-service routes (guarded by the shared secret in createService), mounted at /internal. */
export function internalRoutes({ db, catalog, entitlements }: { db: Kysely<Database>; catalog: Catalog; entitlements: Entitlements }) {
  return new Hono<AppEnv>()
    .delete('/progress/products/:productId', async (c) => {
      const { productId } = parseWith(z.object({ productId: objectIdSchema }), c.req.param());
      const deleted = await deleteProductProgress(db, productId);
      await catalog.forget(productId);
      return ok(c, { deleted });
    })
    // The user's account is being deleted (auth calls this); idempotent, so a retry after a failure is safe.
    .delete('/progress/users/:userId', async (c) => {
      const { userId } = parseWith(z.object({ userId: objectIdSchema }), c.req.param());
      const deleted = await deleteUserProgress(db, userId);
      await entitlements.evict(userId);
      return ok(c, { deleted });
    })
    .post('/entitlements/evict', async (c) => {
      const { userId } = await parseBody(c, entitlementEvictBodySchema);
      await entitlements.evict(userId);
      return ok(c, { evicted: true });
    });
}
