import {
  type Identity,
  type LearningRecord,
  type ProductSummary,
  type learningRoutes,
} from '@catalyst/contracts';
import type { RouteHandlers } from '@catalyst/service-kit';
import { toCertificate } from '../certificates/certificates.repository';
import { issueMissingCertificates, type IssueDeps } from '../certificates/issue';
import type { Deps } from '../deps';
import { listProgress, toProgress } from '../progress/progress.repository';
import * as repo from './learning.repository';

const minutesOf = (seconds: number) => Math.round(seconds / 60);

/** The learner's record (GET /content/progress/learning-record): every part read with bounded, indexed queries. */
export function createLearningHandlers(
  deps: IssueDeps & Pick<Deps, 'db' | 'catalog' | 'config'>,
): RouteHandlers<typeof learningRoutes> {
  const { db, catalog, config } = deps;
  /** A product a learner may still see: content has it, and it is published (an admin sees drafts too). */
  const visible = (identity: Identity, product: ProductSummary | undefined): product is ProductSummary =>
    !!product && (product.isPublished || identity.role === 'admin');

  return {
    async learningRecord({ identity, requestId }): Promise<LearningRecord> {
      const userId = identity.id;
      const limit = repo.RECORD_LIST_LIMIT;
      // A course completed while auth or content could not answer gets its certificate now (failures are logged, never thrown).
      await issueMissingCertificates(deps, userId, requestId);
      const [inProgress, completed, weeks, streaks, quizzes, quizzesPassed, certificates] = await Promise.all(
        [
          listProgress(db, userId, { status: 'in-progress', limit, offset: 0 }),
          listProgress(db, userId, { status: 'completed', limit, offset: 0 }),
          repo.weeklySeconds(db, userId),
          repo.streaksAndTotal(db, userId),
          repo.quizResults(db, userId, limit),
          repo.quizzesPassed(db, userId),
          repo.learnerCertificates(db, userId, limit),
        ],
      );
      // One lookup for every product the record names (at most 150: the lists are bounded).
      const products = await catalog.lookup(
        [...inProgress.rows, ...completed.rows, ...quizzes].map((row) => row.product_id),
        requestId,
      );
      const withProducts = (rows: typeof inProgress.rows) =>
        rows.flatMap((row) => {
          const product = products.get(row.product_id);
          return visible(identity, product) ? [{ ...toProgress(row), product }] : [];
        });
      return {
        inProgress: withProducts(inProgress.rows),
        completed: withProducts(completed.rows),
        certificates: certificates.rows.map((row) => toCertificate(row, config.PUBLIC_URL)),
        weeks: weeks.map(({ weekStart, seconds }) => ({ weekStart, minutes: minutesOf(seconds) })),
        streak: { current: streaks.current, longest: streaks.longest, learnedToday: streaks.learnedToday },
        quizzes: quizzes.flatMap((row) => {
          const product = products.get(row.product_id);
          if (!visible(identity, product)) return [];
          return [
            {
              productId: row.product_id,
              productTitle: product.title,
              productSlug: product.slug,
              lessonId: row.lesson_id,
              bestScore: row.best_score,
              passed: row.passed,
              attempts: row.attempts,
              lastAttemptAt: new Date(row.last_attempt_at).toISOString(),
            },
          ];
        }),
        totals: {
          minutesLearned: minutesOf(streaks.seconds),
          coursesCompleted: completed.total,
          certificates: certificates.valid,
          quizzesPassed,
        },
      };
    },
  };
}
