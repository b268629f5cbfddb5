import type { Hono } from 'hono';
import {
  STUDIO_MESSAGES,
  creatorAccountRoutes,
  reviewQueueRoutes,
  studioInternalRoutes,
  studioRoutes,
} from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAccountHandlers } from './accounts.handlers';
import { findCreatorOfUser, findProductCreators, listCreatorProducts } from './accounts.repository';
import { createReviewHandlers } from './review.handlers';
import { createStudioHandlers } from './studio.handlers';

/** The creator studio: accounts and invitations, creators' drafts, the admin's review, and what C/D's services ask. */
export function mountStudio(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, creatorAccountRoutes, createAccountHandlers(deps));
  mountRoutes(app, studioRoutes, createStudioHandlers(deps));
  mountRoutes(app, reviewQueueRoutes, createReviewHandlers(deps));
  mountRoutes(app, studioInternalRoutes, {
    async creatorOfUser({ params: { userId } }) {
      const creator = await findCreatorOfUser(deps.db, userId);
      if (!creator) throw notFound(STUDIO_MESSAGES.noCreator);
      return { creatorId: creator.id };
    },
    productCreators: ({ body }) => findProductCreators(deps.db, [...new Set(body.productIds)]),
    creatorProducts: ({ params: { id } }) => listCreatorProducts(deps.db, id),
  });
}
