import type { Hono } from 'hono';
import {
  STUDIO_MESSAGES,
  analyticsInternalRoutes,
  questionsWaitingInternalRoutes,
  studioAnalyticsRoutes,
  type Identity,
} from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { actingCreatorOf } from '../studio/accounts.handlers';
import { lessonsInOrder, productOf, ratingsByMonth, studioProducts } from './studio-analytics.repository';

const DAY_MS = 86_400_000;
/** Progress rolls its figures every minute or so: an answer kept this long is never much staler than they are. */
const KEPT_SECONDS = 30;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;

/** The last `days` UTC days, today included: [from, to). */
function rangeOf(days: number, now = Date.now()) {
  const tomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return { from: dayOf(tomorrow - days * DAY_MS), to: dayOf(tomorrow) };
}

/** The creator analytics pages: ownership is content's (creator accounts), the figures progress's rollups. */
export function mountStudioAnalytics(app: Hono<AppEnv>, deps: Deps) {
  const { db, peers, cache } = deps;

  /** The answer kept under `key` for KEPT_SECONDS, computed once when absent (ownership is checked before). */
  async function kept<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = await cache.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await compute();
    await cache.set(key, value, KEPT_SECONDS);
    return value;
  }

  /** The creator the caller acts for: their own; an admin the one named (or, naming none, every creator). */
  async function creatorFor(identity: Identity, named: string | undefined) {
    const acting = await actingCreatorOf(deps, identity);
    return acting ?? named ?? null;
  }

  mountRoutes(app, studioAnalyticsRoutes, {
    async overview({ identity, query, requestId }) {
      const creatorId = await creatorFor(identity, query.creatorId);
      const range = rangeOf(query.days);
      return kept(`studio-analytics:overview:${creatorId ?? 'all'}:${range.from}:${range.to}`, async () => {
        const products = await studioProducts(db, creatorId);
        const figures = await peers.progress.call(
          analyticsInternalRoutes.items,
          { body: { productIds: products.map((p) => p.id), ...range } },
          { requestId },
        );
        return {
          ...range,
          items: products.map((product, i) => ({
            ...figures[i]!,
            title: product.title,
            minutes: minutesOf(figures[i]!.seconds),
          })),
        };
      });
    },

    async product({ identity, params: { id }, query, requestId }) {
      const [creatorId, product] = await Promise.all([
        creatorFor(identity, query.creatorId),
        productOf(db, id),
      ]);
      // Another creator's item is not found: a refusal names nothing.
      if (!product || (creatorId !== null && product.creator_id !== creatorId))
        throw notFound(STUDIO_MESSAGES.productNotFound);
      const range = rangeOf(query.days);
      return kept(`studio-analytics:product:${id}:${range.from}:${range.to}`, async () => {
        const [rollup, lessons, ratings, waiting] = await Promise.all([
          peers.progress.call(
            analyticsInternalRoutes.product,
            { body: { productId: id, ...range } },
            { requestId },
          ),
          lessonsInOrder(db, id),
          ratingsByMonth(db, id, new Date(Date.now() - 365 * DAY_MS)),
          peers.community.call(
            questionsWaitingInternalRoutes.questionsWaiting,
            { body: { productIds: [id] } },
            { requestId },
          ),
        ]);
        const byDay = new Map(rollup.days.map((day) => [day.day, day]));
        const days = [];
        for (let at = Date.parse(range.from); at < Date.parse(range.to); at += DAY_MS) {
          const day = dayOf(at);
          const figures = byDay.get(day) ?? { day, seconds: 0, paidSeconds: 0, learners: 0, completions: 0 };
          days.push({ ...figures, minutes: minutesOf(figures.seconds) });
        }
        const dropOffOf = new Map(rollup.lessons.map((lesson) => [lesson.lessonId, lesson]));
        const passOf = new Map(rollup.quizzes.map((quiz) => [quiz.lessonId, quiz]));
        return {
          productId: id,
          title: product.title,
          ...range,
          days,
          figures: { ...rollup.figures, minutes: minutesOf(rollup.figures.seconds) },
          dropOff: lessons.map((lesson) => ({
            lessonId: lesson.id,
            title: lesson.title,
            started: dropOffOf.get(lesson.id)?.started ?? 0,
            finished: dropOffOf.get(lesson.id)?.finished ?? 0,
          })),
          quizzes: lessons
            .filter((lesson) => lesson.kind === 'quiz')
            .map((lesson) => ({
              lessonId: lesson.id,
              title: lesson.title,
              learners: passOf.get(lesson.id)?.learners ?? 0,
              passed: passOf.get(lesson.id)?.passed ?? 0,
            })),
          ratings,
          questionsWaiting: waiting[0]?.waiting ?? 0,
        };
      });
    },
  });
}
