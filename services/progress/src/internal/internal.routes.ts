import type { Hono } from 'hono';
import { progressInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { deleteProductProgress, deleteUserProgress } from '../progress/progress.repository';

/** Service-to-service routes (guarded by the shared secret in createService). */
export function mountInternal(app: Hono<AppEnv>, { db, catalog, entitlements }: Deps) {
  mountRoutes(app, progressInternalRoutes, {
    async deleteProductProgress({ params: { productId } }) {
      const deleted = await deleteProductProgress(db, productId);
      await catalog.forget(productId);
      return { deleted };
    },
    // The user's account is being deleted (auth calls this); idempotent, so a retry after a failure is safe.
    async deleteUserProgress({ params: { userId } }) {
      const deleted = await deleteUserProgress(db, userId);
      await entitlements.evict(userId);
      return { deleted };
    },
  });
}
