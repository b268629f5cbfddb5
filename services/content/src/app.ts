import { createService, pingDb, requireAdmin } from '@catalyst/service-kit';
import { mountCategories } from './categories/categories.routes';
import { mountCreators } from './creators/creators.routes';
import { mountCreatorPages } from './creator-pages/creator-pages.routes';
import { mountCurriculum } from './curriculum/curriculum.routes';
import type { Deps } from './deps';
import { mountInternal } from './internal/internal.routes';
import { mountPaths } from './paths/paths.routes';
import { mountProducts } from './products/products.routes';
import { mountRecommendations } from './recommendations/recommendations.routes';
import { mountReviews } from './reviews/reviews.routes';
import { mountSaved } from './saved/saved.routes';
import { mountSearch } from './search/search.routes';
import { mountStats } from './stats/stats.routes';
import { mountStudioAnalytics } from './studio-analytics/studio-analytics.routes';
import { mountStudio } from './studio/studio.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'content',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    invalidations: deps.invalidations,
  });
  // The admin area is admin-only as a whole (a path nobody declared included): 401 anonymous, 403 everyone else.
  app.use('/admin/*', requireAdmin);
  // Any successful admin write may change what the public sees: drop the memoised reads at once, here and
  // (REDIS_URL) in every gateway's edge cache and every other replica's memo.
  app.use('/admin/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.res.status < 400)
      await deps.invalidations.publish('content', undefined, c.get('requestId'));
  });
  mountCategories(app, deps);
  mountCreators(app, deps);
  mountCreatorPages(app, deps);
  mountProducts(app, deps);
  mountCurriculum(app, deps);
  mountPaths(app, deps);
  mountReviews(app, deps);
  mountSaved(app, deps);
  mountRecommendations(app, deps);
  mountSearch(app, deps);
  mountStats(app, deps);
  mountStudio(app, deps);
  mountStudioAnalytics(app, deps);
  mountInternal(app, deps);
  return app;
}
