// Contracts of progress per lesson: each lesson's row and the course figure derived from them (progress owns them).
import { z } from 'zod';
import { objectIdSchema } from './api';
import { progressSchema, progressUpdateBodySchema } from './progress';

// ---------- progress per lesson ----------

/** One learner's progress on one lesson: the product rules (never regress, stale writes ignored) per lesson. */
export const lessonProgressSchema = progressSchema
  .omit({ productId: true, lessonId: true })
  .extend({ lessonId: objectIdSchema });
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/**
 * GET /content/progress/product/{id}/lessons: the course figure derived from its lessons (the product's
 * progress as every product route answers it), each lesson's row, and the lesson the learner was in.
 */
export const courseProgressSchema = z.object({
  course: progressSchema,
  /** The lesson of the last save (where Continue watching opens), null before any. */
  currentLessonId: objectIdSchema.nullable(),
  lessons: z.array(lessonProgressSchema),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** The answer to a lesson write: the lesson's row, whether this write changed it, and the course figure after it. */
export const lessonWriteResultSchema = z.object({
  lesson: lessonProgressSchema,
  applied: z.boolean(),
  course: progressSchema,
});
export type LessonWriteResult = z.infer<typeof lessonWriteResultSchema>;

/** PATCH …/lessons/{lessonId}: the product save's body, for one lesson. */
export const lessonProgressUpdateBodySchema = progressUpdateBodySchema;

export const lessonProgressParamsSchema = z.object({ id: objectIdSchema, lessonId: objectIdSchema });
