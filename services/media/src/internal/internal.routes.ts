import type { Hono } from 'hono';
import { MEDIA_MESSAGES, mediaInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import { findAsset, toFacts } from '../assets/assets.repository';
import type { Deps } from '../deps';

/** What peers ask of media (content, for a product page's stream). */
export function mountInternal(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, mediaInternalRoutes, {
    async assetFacts({ params }) {
      const row = await findAsset(deps.db, params.id);
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      return toFacts(row);
    },
  });
}
