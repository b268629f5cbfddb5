import type { Context } from 'hono';
import {
  COURSE_MESSAGES,
  PROGRESS_RULES,
  progressUpdateBodySchema,
  type Identity,
  type ProgressWithProduct,
  type ProgressUpdate,
  type progressRoutes,
} from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  notFound,
  parseWith,
  reply,
  type AppEnv,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { ProgressRow } from '../db/tables/progress';
import type { Deps } from '../deps';
import { issueFollowedPathCertificates, type IssueDeps } from '../certificates/issue';
import { resetCourse } from '../lessons/lessons.repository';
import * as repo from './progress.repository';
import { createSaveBatcher } from './save-batcher';

type Ctx = Context<AppEnv>;

/** The percentage at or above which a write completes the product (spec section 4). */
const completesAt = (progress: number) => progress >= PROGRESS_RULES.completedAt;

/**
 * A save's body as the stored write: completed when the learner says so or reached the completing share,
 * and the position kept within the media when content knows where it ends (`endSeconds`).
 */
export const writeOf = (body: ProgressUpdate, endSeconds: number | null): repo.ProgressWrite => ({
  progress: body.progress,
  lastPosition: repo.positionWithin(body.lastPosition, endSeconds),
  completed: body.completed || completesAt(body.progress),
  clientTime: body.clientTime ?? null,
  endSeconds,
});

/**
 * A single video's progress save in two steps: `prepare` checks it against the product (a course keeps its progress
 * per lesson) and makes the write; `store` queues that write in the order it is called and answers as the PATCH
 * does. The PATCH runs them back to back; a batch of the gateway's prepares its saves side by side, then stores
 * each learner's in the order they arrived.
 */
export function createProgressSaving({ db, catalog }: Pick<Deps, 'db' | 'catalog'>) {
  const saves = createSaveBatcher(db);
  return {
    async prepare(id: string, body: ProgressUpdate, requestId: string): Promise<repo.ProgressWrite> {
      // A course's figure is derived from its lessons: a position saved on the course itself has no lesson to belong to.
      const [lessons, product] = await Promise.all([
        catalog.courseLessons(id, requestId),
        catalog.getProduct(id, requestId),
      ]);
      if ((lessons?.lessons.length ?? 0) > 0) throw conflict(COURSE_MESSAGES.perLessonProgress);
      // A single video's length: exact when content knows it from the media, else to the minute.
      const endSeconds = product?.durationSeconds ?? (product?.duration ? product.duration * 60 : null);
      return writeOf(body, endSeconds);
    },
    async store(userId: string, id: string, write: repo.ProgressWrite) {
      const result = await saves.save(userId, id, write);
      return reply(result, {
        message: result.applied ? 'Progress saved' : 'A newer save is already stored; this one was ignored',
      });
    },
  };
}
export type ProgressSaving = ReturnType<typeof createProgressSaving>;

export function createProgressHandlers(
  deps: IssueDeps & Pick<Deps, 'db' | 'catalog'>,
  saving: ProgressSaving = createProgressSaving(deps),
): RouteHandlers<typeof progressRoutes> {
  const { db, catalog } = deps;

  /** The product's lessons in curriculum order: none for a single-video product. */
  const lessonsOf = async (productId: string, requestId: string) =>
    (await catalog.courseLessons(productId, requestId))?.lessons ?? [];

  /** Rows joined with what content says of their products; rows of products gone (or hidden) are left out. */
  async function withProducts(
    identity: Identity,
    rows: ProgressRow[],
    requestId: string,
  ): Promise<ProgressWithProduct[]> {
    if (rows.length === 0) return [];
    const products = await catalog.lookup(
      rows.map((r) => r.product_id),
      requestId,
    );
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      if (!product || (!product.isPublished && identity.role !== 'admin')) return [];
      return [{ ...repo.toProgress(row), product }];
    });
  }

  const save = async (identity: Identity, id: string, body: ProgressUpdate, requestId: string) =>
    saving.store(identity.id, id, await saving.prepare(id, body, requestId));

  return {
    async getForProduct({ identity, params }) {
      const row = await repo.findProgress(db, identity.id, params.id);
      return row ? repo.toProgress(row) : repo.emptyProgress(params.id);
    },

    update: ({ identity, params, body, requestId }) => save(identity, params.id, body, requestId),

    /** The unload save: multipart (or urlencoded) form with `data` (JSON) and `_method=PATCH`. */
    async updateFromForm({ identity, params, requestId }, c) {
      return save(identity, params.id, await readUnloadForm(c), requestId);
    },

    /**
     * A single video: marked complete. A course is refused (409): it ends in a certificate, so it is finished
     * only lesson by lesson and by passing its quiz, never by one request marking every lesson done.
     */
    async complete({ identity, params, body, requestId }) {
      const clientTime = body.clientTime ?? null;
      const lessons = await lessonsOf(params.id, requestId);
      if (lessons.length > 0) throw conflict(COURSE_MESSAGES.completeByLessons);
      const row = await repo.markProgress(db, identity.id, params.id, 'complete', clientTime);
      // It may have been the last unfinished item of a followed path.
      await issueFollowedPathCertificates(deps, identity.id, requestId);
      return reply(row, { message: 'Marked as complete' });
    },

    /** A course: every lesson back to zero, and the course. */
    async reset({ identity, params, body, requestId }) {
      const clientTime = body.clientTime ?? null;
      const lessons = await lessonsOf(params.id, requestId);
      const cleared =
        lessons.length > 0
          ? repo.toProgress(
              await resetCourse(db, { userId: identity.id, productId: params.id, lessons }, clientTime),
            )
          : await repo.markProgress(db, identity.id, params.id, 'reset', clientTime);
      return reply(cleared, { message: 'Progress reset' });
    },

    async list({ identity, query: { status, page, limit }, requestId }) {
      const { rows, total } = await repo.listProgress(db, identity.id, {
        status,
        limit,
        offset: (page - 1) * limit,
      });
      return { items: await withProducts(identity, rows, requestId), total, page, limit };
    },

    async recent({ identity, query: { limit, status }, requestId }) {
      const { rows } = await repo.listProgress(db, identity.id, { status, limit, offset: 0 });
      return withProducts(identity, rows, requestId);
    },

    async stats({ identity, requestId }) {
      const rows = await repo.startedProgress(db, identity.id);
      const products = await catalog.lookup(
        rows.map((r) => r.product_id),
        requestId,
      );
      const completed = rows.filter((r) => r.completed).length;
      const minutes = rows.reduce(
        (sum, r) => sum + ((products.get(r.product_id)?.duration ?? 0) * r.progress) / 100,
        0,
      );
      return {
        started: rows.length,
        completed,
        inProgress: rows.length - completed,
        minutesWatched: Math.round(minutes),
        completionRate: rows.length === 0 ? 0 : Math.round((completed / rows.length) * 100),
      };
    },

    async forCategory({ identity, params: { id }, requestId }) {
      const products = await catalog.categoryProducts(id, requestId);
      if (!products) throw notFound('Category not found');
      const rows = new Map(
        (
          await repo.progressForProducts(
            db,
            identity.id,
            products.map((p) => p._id),
          )
        ).map((r) => [r.product_id, r]),
      );
      const items = products.map((product) => {
        const row = rows.get(product._id);
        return { ...(row ? repo.toProgress(row) : repo.emptyProgress(product._id)), product };
      });
      const started = items.filter((i) => i.completed || i.progress > 0 || i.lastPosition > 0).length;
      const percent =
        items.length === 0 ? 0 : Math.round(items.reduce((sum, i) => sum + i.progress, 0) / items.length);
      return {
        category: id,
        items,
        total: items.length,
        started,
        completed: items.filter((i) => i.completed).length,
        percent,
      };
    },
  };
}

/** The unload save's form: `data` (the PATCH body as JSON) and `_method=PATCH`, multipart or urlencoded (a lesson's too). */
export async function readUnloadForm(c: Ctx): Promise<ProgressUpdate> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    throw badRequest('Send the unload save as a form with fields data and _method=PATCH', [
      { field: 'body', message: 'Expected multipart/form-data or application/x-www-form-urlencoded' },
    ]);
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('Malformed form body');
  }
  const method = form._method;
  if (typeof method !== 'string' || method.toUpperCase() !== 'PATCH') {
    throw badRequest('Field _method must be PATCH', [
      { field: '_method', message: 'Field _method must be PATCH' },
    ]);
  }
  const raw = form.data instanceof File ? await form.data.text() : form.data;
  if (typeof raw !== 'string')
    throw badRequest('Field data is required', [{ field: 'data', message: 'Field data is required' }]);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw badRequest('Field data must be JSON', [{ field: 'data', message: 'Field data must be JSON' }]);
  }
  return parseWith(progressUpdateBodySchema, data);
}
