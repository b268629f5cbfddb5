// Contracts of the progress area: request and response schemas shared by its service and its remote.
import { z } from 'zod';
import { objectIdSchema, pagingQuerySchema } from './api';
import { productSummarySchema } from './catalog';
import { IDENTITY_ASSERTION_MAX_LENGTH } from './identity';
import { PROGRESS_RULES } from './progress-rules';

export { DEFAULT_PLAYER_SETTINGS, PROGRESS_RULES, percentOf } from './progress-rules';

/** Longest position accepted: a week of video. */
const MAX_POSITION_SECONDS = 604_800;

const progressValue = z
  .number({ error: 'Progress must be a number between 0 and 100' })
  .min(0, 'Progress must be a number between 0 and 100')
  .max(100, 'Progress must be a number between 0 and 100')
  .transform((v) => Math.round(v));

const positionValue = z
  .number({ error: 'Last position must be a number of seconds' })
  .min(0, 'Last position cannot be negative')
  .max(MAX_POSITION_SECONDS, `Last position must be at most ${MAX_POSITION_SECONDS} seconds`);

/**
 * Client clock (milliseconds since the epoch, kept strictly increasing by the player) carried with
 * every write: the service ignores a write older than the one it holds, so a late unload save never
 * rewinds a newer one.
 */
const clientTimeValue = z
  .number({ error: 'Client time must be a whole number of milliseconds' })
  .int('Client time must be a whole number of milliseconds')
  .min(0, 'Client time must be a whole number of milliseconds')
  .max(Number.MAX_SAFE_INTEGER, 'Client time must be a whole number of milliseconds');

/** PATCH /content/progress/product/{id} (and the unload form's `data` field). */
export const progressUpdateBodySchema = z.object({
  progress: progressValue,
  lastPosition: positionValue,
  completed: z.boolean({ error: 'Completed must be true or false' }).optional().default(false),
  clientTime: clientTimeValue.optional(),
});
export type ProgressUpdate = z.output<typeof progressUpdateBodySchema>;

/** PATCH …/complete and …/reset: no payload is needed; the player sends its clock to order the write. */
export const progressActionBodySchema = z.object({ clientTime: clientTimeValue.optional() });

/**
 * One user's progress on one product. `productId` is the product's `_id`. Two figures, as a learner
 * means them: how far they got (`progress`, the percentage shown and what completes it, with
 * `furthestPosition` in seconds; re-watching never lowers them, only Reset does) and where they were
 * (`lastPosition`, where playback resumes).
 */
export const progressSchema = z.object({
  productId: objectIdSchema,
  progress: z.number().int().min(0).max(100),
  lastPosition: z.number().min(0),
  furthestPosition: z.number().min(0),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  /** null when nothing was ever saved. */
  updatedAt: z.string().nullable(),
  /**
   * A course with lessons: the lesson the learner was in (`lastPosition` is a second of it), where Continue
   * watching opens; its figures are derived from the lessons. Null or absent for a single-video product.
   */
  lessonId: objectIdSchema.nullable().optional(),
});
export type Progress = z.infer<typeof progressSchema>;

/** The answer to a write: the stored row, and whether this write changed it (false: stale, ignored). */
export const progressWriteResultSchema = progressSchema.extend({ applied: z.boolean() });
export type ProgressWriteResult = z.infer<typeof progressWriteResultSchema>;

/** A progress row with what the lists show of its product. */
export const progressWithProductSchema = progressSchema.extend({ product: productSummarySchema });
export type ProgressWithProduct = z.infer<typeof progressWithProductSchema>;

const PROGRESS_STATUSES = ['all', 'in-progress', 'completed'] as const;
const progressStatusSchema = z.enum(PROGRESS_STATUSES, {
  message: `Status must be one of: ${PROGRESS_STATUSES.join(', ')}`,
});
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /content/progress: newest first. */
export const progressListQuerySchema = z
  .object({
    status: z.preprocess(blankToUndefined, progressStatusSchema.optional()).transform((v) => v ?? 'all'),
  })
  .extend(pagingQuerySchema.shape);

/** GET /content/progress/recent?limit= (default 5, newest first). */
export const recentProgressQuerySchema = z.object({
  limit: z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Limit must be a whole number from 1 to 50' })
        .int('Limit must be a whole number from 1 to 50')
        .min(1, 'Limit must be a whole number from 1 to 50')
        .max(50, 'Limit must be a whole number from 1 to 50')
        .optional(),
    )
    .transform((v) => v ?? PROGRESS_RULES.recentLimit),
  status: z.preprocess(blankToUndefined, progressStatusSchema.optional()).transform((v) => v ?? 'all'),
});

/** GET /content/progress/stats. */
export const progressStatsSchema = z.object({
  /** Products with any progress (or completed). */
  started: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  /** Sum over products of progress × duration, in whole minutes. */
  minutesWatched: z.number().int(),
  /** completed / started, as a whole percentage (0 when nothing was started). */
  completionRate: z.number().int(),
});

/** GET /content/progress/categories/{id}: the learner's progress over a category's published products. */
export const categoryProgressSchema = z.object({
  category: z.string(),
  items: z.array(progressWithProductSchema),
  total: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
  /** Mean progress over every product of the category, whole percent. */
  percent: z.number().int(),
});

/** What content asks of progress before a review: how far the learner got and how many lessons they finished. */
export const learnerStandingSchema = z.object({
  /** Whole percent, 0–100, of the product (a course's figure derived from its lessons); 0 when never started. */
  progress: z.number().int(),
  /** Lessons of the course the learner completed (0 for a single-video product). */
  completedLessons: z.number().int(),
});
export type LearnerStanding = z.infer<typeof learnerStandingSchema>;

/**
 * The learner's player settings, kept with their account (every device): `autoplay` on, a finished lesson
 * counts down to the next one and starts it; off, the next lesson waits for Play now.
 */
export const playerSettingsSchema = z.object({ autoplay: z.boolean() });
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;
/** PUT /player-settings: every setting, as the player shows them. */
export const playerSettingsUpdateBodySchema = z.object({ autoplay: z.boolean() }).strict();

/**
 * Progress saves the gateway gathered in one moment (`progressSaveBatchRoutes.saves`): each is a PATCH of
 * `progressRoutes.update` as it arrived, answered exactly as that PATCH would be. At most `maxSaves` a batch and
 * `maxBytes` of batch body; a save's body larger than `maxSaveBytes` is forwarded on its own.
 */
export const PROGRESS_SAVE_BATCH = { maxSaves: 200, maxBytes: 256 * 1024, maxSaveBytes: 4 * 1024 } as const;

const gatheredSaveSchema = z.object({
  /** The caller's identity assertion, as the gateway signs it for a forwarded request (no service reads a longer one). */
  identity: z.string().max(IDENTITY_ASSERTION_MAX_LENGTH),
  /** The `:id` of the PATCH's path, as sent (the PATCH's own params schema judges it). */
  productId: z.string().max(200),
  /** The PATCH's body, as sent. */
  body: z.string().max(PROGRESS_SAVE_BATCH.maxSaveBytes),
  requestId: z.string().max(128),
  /** The language the caller's Accept-Language names: a refusal is worded in it. */
  language: z.string().max(512).optional(),
  /** The W3C traceparent of the save's own request span at the gateway. */
  traceparent: z.string().max(512).optional(),
});
export type GatheredSave = z.infer<typeof gatheredSaveSchema>;

export const progressSaveBatchBodySchema = z.object({
  saves: z.array(gatheredSaveSchema).min(1).max(PROGRESS_SAVE_BATCH.maxSaves),
});

/** Each save's answer, in the batch's order: the status and body (the one success or error shape) its PATCH gets. */
export const progressSaveBatchAnswerSchema = z.object({
  answers: z.array(
    z.object({
      status: z.number().int(),
      body: z.string(),
      headers: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
export type SaveBatchAnswer = z.infer<typeof progressSaveBatchAnswerSchema>['answers'][number];
