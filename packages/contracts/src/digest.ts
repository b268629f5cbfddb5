import { z } from 'zod';
import { objectIdSchema } from './api';

/** A learner's zone until their browser tells theirs. */
export const DIGEST_DEFAULT_TIME_ZONE = 'UTC';
/** The weekly e-mail goes on Monday from this local hour (and no later than DIGEST_LAST_HOUR). */
export const DIGEST_LOCAL_HOUR = 8;
/** After this local hour on Monday a missed digest waits for next week (it is a morning e-mail). */
export const DIGEST_LAST_HOUR = 12;

/** The settings page's words for the weekly e-mail. */
export const DIGEST_TEXTS = {
  heading: 'Weekly e-mail',
  label: 'Send me a summary of my week every Monday morning',
  detail: (timeZone: string) =>
    `Minutes learned, your streak, the next lesson of each course and new courses from creators you follow, around 8:00 (${timeZone}).`,
} as const;

/** What a time zone that is none is answered (the route also refuses a well-formed name Intl does not know). */
export const TIME_ZONE_REFUSED = 'timeZone must be a time zone such as Europe/Berlin';

/** An IANA zone name as a browser's Intl gives it ("Europe/Berlin", "America/Argentina/Buenos_Aires", "UTC"). */
const timeZoneSchema = z
  .string()
  .max(64, 'timeZone must be at most 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, TIME_ZONE_REFUSED);

/** One's weekly e-mail: on or off, and the zone whose Monday morning it waits for. */
export const digestSettingsSchema = z.object({ weekly: z.boolean(), timeZone: z.string() });
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

export const digestSettingsBodySchema = z
  .object({ weekly: z.boolean().optional(), timeZone: timeZoneSchema.optional() })
  .refine((body) => body.weekly !== undefined || body.timeZone !== undefined, {
    message: 'Send weekly, timeZone or both',
  });

const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day must be written YYYY-MM-DD');

/** The days a digest covers: `from` up to, not including, `to` (UTC days, as learning time is kept). */
export const learnerWeekQuerySchema = z.object({ from: isoDaySchema, to: isoDaySchema });

/**
 * A page of the learners a weekly e-mail may have something to tell (a course in progress, or time learned since
 * `since`), by id, after `after`: the digest of those whose browser never told a zone goes at UTC's Monday.
 */
export const digestLearnersQuerySchema = z.object({
  since: isoDaySchema,
  after: objectIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
export const digestLearnersSchema = z.object({ userIds: z.array(objectIdSchema) });

/** A course in progress and the lesson to take next (null for a single video: its page is the link). */
const digestCourseSchema = z.object({
  productId: objectIdSchema,
  slug: z.string(),
  title: z.string(),
  progress: z.number().int(),
  lessonId: z.string().nullable(),
  /** The lesson's place in the curriculum (1-based) and the curriculum's length. */
  lessonNumber: z.number().int().nullable(),
  lessonCount: z.number().int(),
});
export type DigestCourse = z.infer<typeof digestCourseSchema>;

/** What progress tells the weekly e-mail of one learner's week. */
export const learnerWeekSchema = z.object({
  minutes: z.number().int(),
  streak: z.number().int(),
  courses: z.array(digestCourseSchema),
});
export type LearnerWeek = z.infer<typeof learnerWeekSchema>;
