import type { Hono } from 'hono';
import { creatorLearnerRoutes, progressInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import { sql } from 'kysely';
import { deleteUserCertificates } from '../certificates/certificates.repository';
import type { Deps } from '../deps';
import { lessonRows } from '../lessons/lessons.repository';
import { deleteProductNotes, deleteUserNotes } from '../notes/notes.repository';
import { deleteUserFollows } from '../paths/paths.repository';
import { deleteProductProgress, deleteUserProgress, findProgress } from '../progress/progress.repository';
import { deleteProductAttempts, deleteUserAttempts } from '../quizzes/quizzes.repository';
import { learnerSignals } from '../recommendations/co-watched.repository';
import { digestLearners, learnerWeek } from '../learning/learner-week';
import { teamFigures } from '../team-figures/team-figures';

/** Service-to-service routes (guarded by the shared secret in createService). */
export function mountInternal(app: Hono<AppEnv>, { db, catalog, entitlements, credentials }: Deps) {
  mountRoutes(app, progressInternalRoutes, {
    // Certificates of a deleted course stay: they state what was true when they were issued; its notes go.
    async deleteProductProgress({ params: { productId } }) {
      await Promise.all([deleteProductAttempts(db, productId), deleteProductNotes(db, productId)]);
      const deleted = await deleteProductProgress(db, productId);
      await catalog.forget(productId);
      return { deleted };
    },
    // Content asks before a learner reviews a product (at least 20% watched, or a course lesson finished).
    async standing({ params: { userId, productId } }) {
      const [row, lessons] = await Promise.all([
        findProgress(db, userId, productId),
        lessonRows(db, userId, productId),
      ]);
      return {
        progress: row?.completed ? 100 : (row?.progress ?? 0),
        completedLessons: lessons.filter((lesson) => lesson.completed).length,
      };
    },
    // Content's recommendation rows: what the learner watched and what co-watchers of it watched.
    learnerSignals: ({ params: { userId } }) => learnerSignals(db, userId),
    // Community's weekly e-mail: the learner's minutes, streak and next lessons.
    learnerWeek: ({ params: { userId }, query, requestId }) =>
      learnerWeek({ db, catalog }, userId, query, requestId),
    // Its learners whose browser never told a zone: those it may have something to tell.
    digestLearners: async ({ query }) => ({ userIds: await digestLearners(db, query) }),
    // The user's account is being deleted (auth calls this); idempotent, so a retry after a failure is safe.
    async deleteUserProgress({ params: { userId } }) {
      await Promise.all([
        deleteUserAttempts(db, userId),
        deleteUserCertificates(db, userId),
        deleteUserNotes(db, userId),
        deleteUserFollows(db, userId),
      ]);
      const deleted = await deleteUserProgress(db, userId);
      await entitlements.evict(userId);
      return { deleted };
    },
    /** The issuer's public keys (every key that signed): the gateway serves them at /.well-known/jwks.json. */
    jwks: () => credentials.jwks(),
    // Billing's team dashboard: a team's learners' figures at once (one set-based query per figure).
    teamFigures: ({ body, requestId }) => teamFigures({ db, catalog }, body, { requestId }),
  });
  mountRoutes(app, creatorLearnerRoutes, {
    // A creator page's learners: the people who started any of the creator's items (progress_product_idx).
    async learners({ body: { productIds } }) {
      if (productIds.length === 0) return { learners: 0 };
      const { rows } = await sql<{ learners: string }>`
        select count(distinct user_id) as learners from progress where product_id in (${sql.join(productIds)})
      `.execute(db);
      return { learners: Number(rows[0]!.learners) };
    },
  });
}
