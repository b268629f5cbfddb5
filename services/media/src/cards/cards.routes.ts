import type { Hono } from 'hono';
import { cardRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { storedSource } from '../storage';
import { serveBytes } from '../streams/streams';
import { createCourseCards } from './cards';

/** A card keeps its address while what it shows is the same: a new title is a new `?v=` (course-card.ts). */
const CACHE_CONTROL = 'public, max-age=3600';

/** Course pages' link-preview cards, as declared in the contracts (cardRoutes). */
export function mountCards(app: Hono<AppEnv>, deps: Deps) {
  const cards = createCourseCards({
    storage: deps.storage,
    content: deps.content,
    siteName: deps.config.SITE_NAME,
    ffmpeg: deps.config.FFMPEG_PATH,
    log: deps.log,
  });
  const handlers: RouteHandlers<typeof cardRoutes> = {
    async courseCard({ params: { file }, requestId }, c) {
      const product = await cards.product(file.slice(0, -'.png'.length), requestId);
      const key = await cards.keyOf(product);
      return serveBytes(c, storedSource(deps.storage, key), {
        'content-type': 'image/png',
        'cache-control': CACHE_CONTROL,
      });
    },
  };
  return mountRoutes(app, cardRoutes, handlers);
}
