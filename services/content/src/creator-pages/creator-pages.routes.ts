import type { Hono } from 'hono';
import {
  creatorLearnerRoutes,
  creatorPageRoutes,
  creatorProfileRoutes,
  STUDIO_MESSAGES,
  STUDIO_REVIEWS_LIMIT,
  type Identity,
} from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import { cachedRead, type Deps } from '../deps';
import { findCreator } from '../creators/creators.repository';
import { listAllProducts, toPublicProduct } from '../products/products.repository';
import { findCreatorOfUser } from '../studio/accounts.repository';
import { actingCreatorOf } from '../studio/accounts.handlers';
import { toReview } from '../reviews/reviews.handlers';
import { creatorLinks, creatorRating, creatorReviews, saveCreatorLinks } from './creator-pages.repository';

export const CREATOR_NOT_FOUND = 'Creator not found';

/** A creator's public page (anyone; kept by shared caches) and content's internal summary of a creator. */
export function mountCreatorPages(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(
    app,
    creatorPageRoutes,
    {
      async get({ params }) {
        const creator = await cachedRead(deps, 'creator', params.slug, () =>
          findCreator(deps.db, params.slug),
        );
        if (!creator || creator.slug !== params.slug) throw notFound(CREATOR_NOT_FOUND);
        const [links, rating, rows] = await Promise.all([
          cachedRead(deps, 'creator-links', creator._id, () => creatorLinks(deps.db, creator._id)),
          cachedRead(deps, 'creator-rating', creator._id, () => creatorRating(deps.db, creator._id)),
          cachedRead(deps, 'library', { creator: creator._id, sort: 'newest' }, () =>
            listAllProducts(deps.db, { creator: creator._id, sort: 'newest' }),
          ),
        ]);
        const { learners } =
          rows.length === 0
            ? { learners: 0 }
            : await deps.peers.progress.call(creatorLearnerRoutes.learners, {
                body: { productIds: rows.map((row) => row.id) },
              });
        return {
          creator: {
            id: creator._id,
            name: creator.name,
            slug: creator.slug,
            description: creator.description,
            icon: creator.icon,
            color: creator.color,
            links,
          },
          products: rows.map(toPublicProduct),
          learners,
          ...rating,
        };
      },

      async summary({ params }) {
        const creator = await findCreator(deps.db, params.creatorId);
        if (!creator || creator._id !== params.creatorId) throw notFound(CREATOR_NOT_FOUND);
        return { id: creator._id, name: creator.name, slug: creator.slug };
      },
    },
    { publicMaxAgeSeconds: deps.publicMaxAgeSeconds },
  );

  /** The creator the caller's account is linked to; none (an admin, or an unlinked account) is a 404: no page to write. */
  async function ownCreator(identity: Identity) {
    const linked = await findCreatorOfUser(deps.db, identity.id);
    const creator = linked && (await findCreator(deps.db, linked.id, { includeInactive: true }));
    if (!creator) throw notFound(STUDIO_MESSAGES.noCreator);
    return creator;
  }
  const profileOf = async (creator: { _id: string; name: string; slug: string; description: string }) => ({
    creatorId: creator._id,
    name: creator.name,
    slug: creator.slug,
    description: creator.description,
    links: await creatorLinks(deps.db, creator._id),
  });
  mountRoutes(app, creatorProfileRoutes, {
    get: async ({ identity }) => profileOf(await ownCreator(identity)),

    async save({ identity, body, requestId }) {
      const creator = await ownCreator(identity);
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('creators')
          .set({ description: body.description, updated_at: new Date() })
          .where('id', '=', creator._id)
          .execute();
        await saveCreatorLinks(trx, creator._id, body.links);
      });
      // The public page (and every list naming the creator) changed: memos and edge caches let go.
      await deps.invalidations.publish('content', undefined, requestId);
      return profileOf({ ...creator, description: body.description });
    },

    async reviews({ identity, query }) {
      const rows = await creatorReviews(deps.db, await actingCreatorOf(deps, identity), {
        unanswered: query.unanswered,
        limit: STUDIO_REVIEWS_LIMIT,
      });
      return rows.map((row) => ({
        ...toReview(row),
        product: { _id: row.product_id, title: row.product_title, slug: row.product_slug },
      }));
    },
  });
}
