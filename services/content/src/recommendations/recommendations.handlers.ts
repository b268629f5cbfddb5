import {
  NEW_THIS_WEEK_DAYS,
  RECOMMENDATION_ROW_SIZE,
  progressInternalRoutes,
  type LearnerSignals,
  type PublicProduct,
  type RecommendationRow,
  type recommendationRoutes,
} from '@catalyst/contracts';
import type { Logger, RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import {
  newProducts,
  popularProducts,
  productsInOrder,
  topRatedProducts,
} from './recommendations.repository';

type Handlers = RouteHandlers<typeof recommendationRoutes>;

/** "Because you watched" rows shown at most (one per recent product with co-watchers to show). */
export const BECAUSE_WATCHED_ROWS = 2;

const DAY_MS = 86_400_000;

const NO_SIGNALS: LearnerSignals = { watched: [], completed: [], coWatched: [] };

const row = (
  kind: RecommendationRow['kind'],
  title: string,
  reason: string,
  products: PublicProduct[],
): RecommendationRow[] => (products.length > 0 ? [{ kind, title, reason, products }] : []);

/** The category the learner watches most (by products watched; the most recent breaks a tie). */
function favouriteCategory(watched: PublicProduct[]) {
  const counts = new Map<string, { category: PublicProduct['category']; n: number }>();
  for (const product of watched) {
    const entry = counts.get(product.categoryId) ?? { category: product.category, n: 0 };
    entry.n += 1;
    counts.set(product.categoryId, entry);
  }
  let best: { category: PublicProduct['category']; n: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.category;
}

/**
 * The dashboard's rows. A visitor: popular and new. A learner: because you watched (co-watching kept by
 * progress), popular in the category they watch most, new and top rated. A completed product is in no
 * row; a product the learner already started is in no personal row. Rows with nothing are left out.
 */
export function createRecommendationHandlers({ db, peers }: Deps): Handlers {
  /** The learner's signals; when progress cannot answer, the rows everyone gets (the dashboard still shows). */
  async function signalsOf(userId: string, requestId: string, log: Logger): Promise<LearnerSignals> {
    try {
      return await peers.progress.call(
        progressInternalRoutes.learnerSignals,
        { params: { userId } },
        { requestId },
      );
    } catch (error) {
      log.warn({ err: error }, 'progress did not answer the learner signals: general rows only');
      return NO_SIGNALS;
    }
  }

  return {
    async rows({ identity, requestId, log }) {
      const since = new Date(Date.now() - NEW_THIS_WEEK_DAYS * DAY_MS);
      // A visitor, or a learner progress could not answer for, has watched nothing as far as the rows know.
      const signals = identity ? await signalsOf(identity.id, requestId, log) : NO_SIGNALS;
      const completed = signals.completed;
      const started = signals.watched;
      const seen = new Set(started);
      const watchedProducts = await productsInOrder(db, started);
      const titleOf = new Map(watchedProducts.map((product) => [product._id, product.title]));
      const because: RecommendationRow[] = [];
      for (const seed of signals.coWatched) {
        const title = titleOf.get(seed.productId);
        if (!title || because.length >= BECAUSE_WATCHED_ROWS) continue;
        const candidates = seed.others.map((other) => other.productId).filter((id) => !seen.has(id));
        const products = (await productsInOrder(db, candidates)).slice(0, RECOMMENDATION_ROW_SIZE);
        because.push(
          ...row(
            'because-watched',
            `Because you watched ${title}`,
            `Learners who watched ${title} also watched these`,
            products,
          ),
        );
      }
      const category = favouriteCategory(watchedProducts);
      const [popular, fresh, rated] = await Promise.all([
        popularProducts(
          db,
          category ? { categoryId: category._id, exclude: started } : { exclude: completed },
        ),
        newProducts(db, { since, exclude: completed }),
        identity ? topRatedProducts(db, { exclude: completed }) : Promise.resolve([]),
      ]);
      return {
        rows: [
          ...because,
          ...(category
            ? row(
                'popular-in-category',
                `Popular in ${category.name}`,
                `The most enrolled courses in ${category.name}, a category you watch`,
                popular,
              )
            : row('popular', 'Popular with learners', 'The courses most learners enrolled in', popular)),
          ...row('new', 'New this week', `Published in the last ${NEW_THIS_WEEK_DAYS} days`, fresh),
          ...row('top-rated', 'Top rated', 'Rated highest by the learners who took them', rated),
        ],
      };
    },
  };
}
