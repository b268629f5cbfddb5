import {
  REVIEW_MESSAGES,
  mayReview,
  progressInternalRoutes,
  reviewNeedsProgressMessage,
  type Identity,
  type LearnerStanding,
  type ModeratedReview,
  type ReportReason,
  type ReportedReview,
  type Review,
  type reviewRoutes,
} from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  newObjectId,
  notFound,
  reply,
  reportQueue,
  reportsOf,
  unavailable,
  type RouteHandlers,
} from '@catalyst/service-kit';
import { renderMarkdown } from '@catalyst/service-kit/markdown';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ReviewRow } from '../db/tables/review';
import type { Deps } from '../deps';
import * as repo from './reviews.repository';
import { findCreatorOfUser } from '../studio/accounts.repository';

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    productId: row.product_id,
    rating: row.rating,
    body: row.body_md,
    bodyHtml: row.body_html,
    author: { _id: row.author_id, name: row.author_name },
    helpfulCount: row.helpful_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    reply:
      row.reply_md === null
        ? null
        : {
            body: row.reply_md,
            bodyHtml: row.reply_html ?? '',
            by: { name: row.reply_by_name ?? '', isCreator: row.reply_by_creator ?? false },
            createdAt: (row.reply_created_at ?? row.updated_at).toISOString(),
            updatedAt: (row.reply_updated_at ?? row.updated_at).toISOString(),
          },
  };
}

const toModerated = (row: ReviewRow): ModeratedReview => ({ ...toReview(row), status: row.status });

export function createReviewHandlers(deps: Pick<Deps, 'db' | 'peers'>): RouteHandlers<typeof reviewRoutes> {
  const { db, peers } = deps;

  async function requireProduct(key: string) {
    const product = await repo.findReviewedProduct(db, key);
    if (!product) throw notFound('Product not found');
    return product;
  }

  /** A review of this product by id (another product's review is not found here). */
  async function requireReview(productId: string, reviewId: string) {
    const review = await repo.findReview(db, reviewId);
    if (!review || review.product_id !== productId || review.status !== 'visible')
      throw notFound(REVIEW_MESSAGES.reviewNotFound);
    return review;
  }

  /** How far the learner got, asked of progress (its owner); 503 with a message when it cannot answer. */
  async function standingOf(userId: string, productId: string, requestId: string): Promise<LearnerStanding> {
    try {
      return await peers.progress.call(
        progressInternalRoutes.standing,
        { params: { userId, productId } },
        { requestId },
      );
    } catch {
      throw unavailable(REVIEW_MESSAGES.progressUnavailable);
    }
  }

  const eligibility = (standing: LearnerStanding, hasLessons: boolean) => {
    const allowed = mayReview(standing);
    return {
      allowed,
      progress: standing.progress,
      message: allowed ? null : reviewNeedsProgressMessage(standing.progress, hasLessons),
    };
  };

  /** Writes to one product's reviews under its row's lock, its rating recomputed before the commit. */
  const writeRating = <T>(productId: string, write: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await repo.lockProduct(trx, productId);
      const result = await write(trx);
      await repo.refreshRating(trx, productId);
      return result;
    });

  /** One moderator's action on a review, with its audit line; `change` answers null when there is nothing to do. */
  async function moderate(
    identity: Identity,
    reviewId: string,
    action: 'hide' | 'restore' | 'dismiss-reports',
    reason: string | null,
    change: (trx: Transaction<Database>, review: ReviewRow) => Promise<ReviewRow | null>,
  ): Promise<ModeratedReview> {
    const found = await repo.findReview(db, reviewId);
    if (!found) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    const row = await writeRating(found.product_id, async (trx) => {
      const review = (await repo.lockReview(trx, reviewId))!;
      const changed = await change(trx, review);
      if (changed)
        await repo.logModeration(trx, {
          id: newObjectId(),
          reviewId,
          action,
          by: { id: identity.id, name: identity.name },
          reason,
        });
      return changed ?? review;
    });
    return toModerated(row);
  }

  return {
    async list({ params, query }) {
      const product = await requireProduct(params.idOrSlug);
      const after = query.cursor ? repo.parseCursor(query.sort, query.cursor) : null;
      if (query.cursor && !after) throw badRequest('Invalid cursor: start again from the first page');
      const [{ rows, total }, rating] = await Promise.all([
        repo.listReviews(db, product.id, { sort: query.sort, after, limit: query.limit + 1 }),
        repo.productRating(db, product.id),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toReview),
        nextCursor: rows.length > query.limit && last ? repo.cursorOf(query.sort, last) : null,
        total,
        rating,
      };
    },

    async mine({ params, identity, requestId }) {
      const product = await requireProduct(params.idOrSlug);
      const [review, standing] = await Promise.all([
        repo.findReviewOf(db, product.id, identity.id),
        standingOf(identity.id, product.id, requestId),
      ]);
      return {
        review: review ? toReview(review) : null,
        eligibility: eligibility(standing, product.has_lessons),
      };
    },

    async saveMine({ params, body, identity, requestId }) {
      const product = await requireProduct(params.idOrSlug);
      const allowed = eligibility(await standingOf(identity.id, product.id, requestId), product.has_lessons);
      if (!allowed.allowed) throw forbidden(allowed.message!);
      const row = await writeRating(product.id, (trx) =>
        repo.saveReview(trx, {
          id: newObjectId(),
          productId: product.id,
          authorId: identity.id,
          authorName: identity.name,
          rating: body.rating,
          bodyMd: body.body,
          bodyHtml: body.body ? renderMarkdown(body.body) : '',
        }),
      );
      return reply(toReview(row), { message: REVIEW_MESSAGES.saved });
    },

    async deleteMine({ params, identity }) {
      const product = await requireProduct(params.idOrSlug);
      const id = await writeRating(product.id, (trx) => repo.deleteReviewOf(trx, product.id, identity.id));
      if (!id) throw notFound(REVIEW_MESSAGES.noReviewOfYours);
      return reply({ _id: id }, { message: REVIEW_MESSAGES.deleted });
    },

    async helpful({ params, identity }) {
      const product = await requireProduct(params.idOrSlug);
      const review = await requireReview(product.id, params.reviewId);
      if (review.author_id === identity.id) throw conflict(REVIEW_MESSAGES.ownReviewHelpful);
      const count = await db.transaction().execute((trx) => repo.addHelpfulVote(trx, review.id, identity.id));
      if (count === null) throw conflict(REVIEW_MESSAGES.alreadyHelpful);
      return { reviewId: review.id, helpfulCount: count, helpfulByMe: true as const };
    },

    async report({ params, body, identity }) {
      const product = await requireProduct(params.idOrSlug);
      const review = await requireReview(product.id, params.reviewId);
      if (review.author_id === identity.id) throw conflict(REVIEW_MESSAGES.ownReviewReport);
      const added = await db.transaction().execute((trx) =>
        repo.addReport(trx, {
          id: newObjectId(),
          reviewId: review.id,
          reporterId: identity.id,
          reporterName: identity.name,
          reason: body.reason,
          note: body.note || null,
        }),
      );
      if (!added) throw conflict(REVIEW_MESSAGES.alreadyReported);
      return { reviewId: review.id, reported: true as const };
    },

    async reply({ params, body, identity }) {
      const product = await requireProduct(params.idOrSlug);
      const review = await requireReview(product.id, params.reviewId);
      // The product's creator: an account linked to its creator (the studio), or whoever made the product row.
      const linked = await findCreatorOfUser(db, identity.id);
      const byCreator =
        linked?.id === product.creator_id ||
        (product.created_by_id !== null && product.created_by_id === identity.id);
      if (!byCreator && identity.role !== 'admin') throw forbidden(REVIEW_MESSAGES.replyForbidden);
      const row = await repo.setReply(db, review.id, {
        md: body.body,
        html: renderMarkdown(body.body),
        byId: identity.id,
        // The creator answers under the creator's name; an admin under their own.
        byName: byCreator ? product.creator_name : identity.name,
        byCreator,
      });
      return toReview(row);
    },

    async reports({ query }) {
      const open = query.status === 'open';
      const { rows, total } = await reportQueue(db, 'reviews', query);
      const ids = rows.map((row) => row.id);
      const [reports, products] = await Promise.all([
        reportsOf(db, 'review_reports', 'review_id', ids, open),
        repo.productsByIds(
          db,
          rows.map((row) => row.product_id),
        ),
      ]);
      const items = rows.flatMap((row): ReportedReview[] => {
        const product = products.get(row.product_id);
        if (!product) return [];
        return [
          {
            review: toModerated(row),
            product: { _id: product.id, title: product.title, slug: product.slug },
            reportCount: open ? row.open_reports : row.report_count,
            reports: reports
              .filter((report) => report.review_id === row.id)
              .map((report) => ({
                reason: report.reason as ReportReason,
                note: report.note,
                reporter: { _id: report.reporter_id, name: report.reporter_name },
                createdAt: report.created_at.toISOString(),
              })),
            status: query.status,
            lastReportedAt: (row.last_reported_at ?? row.created_at).toISOString(),
          },
        ];
      });
      return { items, total, page: query.page, limit: query.limit };
    },

    dismissReports: ({ params, body, identity }) =>
      moderate(identity, params.reviewId, 'dismiss-reports', body.reason, (trx, review) =>
        review.open_reports > 0 ? repo.closeReports(trx, review.id) : Promise.resolve(null),
      ),
    hide: ({ params, body, identity }) =>
      moderate(identity, params.reviewId, 'hide', body.reason, (trx, review) =>
        review.status === 'hidden' ? Promise.resolve(null) : repo.setStatus(trx, review.id, 'hidden'),
      ),
    restore: ({ params, body, identity }) =>
      moderate(identity, params.reviewId, 'restore', body.reason, (trx, review) =>
        review.status === 'visible' ? Promise.resolve(null) : repo.setStatus(trx, review.id, 'visible'),
      ),
  };
}
