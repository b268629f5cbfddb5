import type { LessonProgress, LessonWriteResult, Progress } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';
import type { ProgressSnapshot, SavedProgress } from './policy';

/**
 * Where a learner's progress is kept: one product (a single video) or one lesson of a course. The progress
 * hook and its policy (debounced and forced saves, the stale-write clock, retries, the unload save) are the
 * same for both; only the calls differ.
 */
export interface ProgressTarget {
  /** Names the target: a new key loads afresh (and the old one is saved on the way out). */
  key: string;
  load(signal: AbortSignal): Promise<LoadedProgress>;
  /** One save of the policy; rejects when it did not land. */
  save(snapshot: ProgressSnapshot): Promise<unknown>;
  complete(clientTime: number): Promise<SavedProgress>;
  reset(clientTime: number): Promise<SavedProgress>;
  /** Where the unload save posts its form (spec section 7). */
  unloadUrl: string;
}

/** A target's saved figures as loaded, with when the server last saved them (null: never). */
export interface LoadedProgress extends SavedProgress {
  updatedAt: string | null;
}

/** The figures the policy keeps, from a product's or a lesson's row. */
export const savedOf = (
  row: Pick<
    Progress | LessonProgress,
    'progress' | 'lastPosition' | 'furthestPosition' | 'completed' | 'updatedAt'
  >,
): LoadedProgress => ({
  progress: row.progress,
  lastPosition: row.lastPosition,
  furthestPosition: row.furthestPosition,
  completed: row.completed,
  updatedAt: row.updatedAt,
});

const NOTHING_SAVED: LoadedProgress = {
  progress: 0,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  updatedAt: null,
};

/** A single-video product: its own row. */
export function productTarget(productId: string): ProgressTarget {
  const params = { id: productId };
  return {
    key: `product:${productId}`,
    load: async (signal) => savedOf(await api.progress.getForProduct({ params }, { signal })),
    save: (snapshot) => api.progress.update({ params, body: snapshot }),
    complete: async (clientTime) => savedOf(await api.progress.complete({ params, body: { clientTime } })),
    reset: async (clientTime) => savedOf(await api.progress.reset({ params, body: { clientTime } })),
    unloadUrl: api.progress.updateFromForm.url({ params }),
  };
}

/** What a lesson target needs of its course: the lesson's saved row, and where every write's answer goes. */
export interface LessonTargetCourse {
  /** The lesson's row from the course's progress (null before any save). */
  rowFor(lessonId: string): Promise<LessonProgress | null>;
  /** A write's answer: the lesson's row and the course figure after it. */
  applyWrite(result: LessonWriteResult): void;
}

/** One lesson of a course: saved per lesson, each answer carrying the derived course figure. */
export function lessonTarget(
  productId: string,
  lessonId: string,
  course: LessonTargetCourse,
): ProgressTarget {
  const params = { id: productId, lessonId };
  const written = (result: LessonWriteResult) => {
    course.applyWrite(result);
    return savedOf(result.lesson);
  };
  return {
    key: `lesson:${productId}:${lessonId}`,
    load: async () => {
      const row = await course.rowFor(lessonId);
      return row ? savedOf(row) : NOTHING_SAVED;
    },
    save: async (snapshot) => written(await api.lessonProgress.updateLesson({ params, body: snapshot })),
    complete: async (clientTime) =>
      written(await api.lessonProgress.completeLesson({ params, body: { clientTime } })),
    reset: async (clientTime) =>
      written(await api.lessonProgress.resetLesson({ params, body: { clientTime } })),
    unloadUrl: api.lessonProgress.updateLessonFromForm.url({ params }),
  };
}
