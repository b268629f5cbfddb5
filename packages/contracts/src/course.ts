// Contracts of the curriculum: a course's sections, lessons and resources (content owns them, progress
// tracks each lesson, the player and the admin's editor show them). The rules live zod-free in course-rules.ts.
import { z } from 'zod';
import { emptyToNull, linkSchema } from './admin';
import { objectIdSchema } from './api';
import { adminMessage } from './form-messages/admin';
import { curriculumMessage } from './form-messages/curriculum';
import { quizMessage } from './form-messages/quiz';
import { oneOf } from './form-messages/fill';
import { LESSON_KINDS } from './course-rules';
import { productStreamSchema } from './media';
import { adminQuizSchema, quizInputSchema, quizSchema } from './quiz';

export * from './course-rules';

export const lessonKindSchema = z.enum(LESSON_KINDS, {
  message: curriculumMessage('curriculum.lessonKindInvalid', oneOf(LESSON_KINDS)),
});

/** Longest lesson accepted: a day of video. */
const MAX_LESSON_SECONDS = 86_400;
/** The editor's limits: a 200-lesson course fits with room to spare. */
export const CURRICULUM_LIMITS = {
  sections: 100,
  lessonsPerSection: 300,
  lessons: 1_000,
  resourcesPerLesson: 20,
  articleCharacters: 200_000,
} as const;

// ---------- what visitors and learners see ----------

/** A lesson in the public outline: what it is and how long, never its media. */
export const lessonOutlineSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  kind: lessonKindSchema,
  /** Seconds; null when unknown. */
  durationSeconds: z.number().int().nullable(),
  /** Open to anyone, visitors included (the way marketplaces sell courses). */
  isFreePreview: z.boolean(),
  resourceCount: z.number().int(),
});
export type LessonOutline = z.infer<typeof lessonOutlineSchema>;

export const sectionOutlineSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  /** Sum of its lessons' known durations, seconds. */
  durationSeconds: z.number().int(),
  lessons: z.array(lessonOutlineSchema),
});
export type SectionOutline = z.infer<typeof sectionOutlineSchema>;

/**
 * GET /content/products/{idOrSlug}/curriculum: the same for everyone. A product without sections is a
 * one-lesson course (its videoUrl is its only lesson): `sections` is empty and its page plays as before.
 */
export const curriculumOutlineSchema = z.object({
  /** The product's _id. */
  productId: objectIdSchema,
  /** Bumped by every saved edit (the editor's version check). */
  version: z.number().int(),
  lessonCount: z.number().int(),
  /** Sum of the lessons' known durations, seconds. */
  durationSeconds: z.number().int(),
  sections: z.array(sectionOutlineSchema),
});
export type CurriculumOutline = z.infer<typeof curriculumOutlineSchema>;

/** A downloadable file of a lesson, with a signed link that expires (Content-Disposition: attachment, its original name). */
export const lessonResourceSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  url: z.string(),
});
export type LessonResource = z.infer<typeof lessonResourceSchema>;

/** GET /content/products/{idOrSlug}/lessons/{lessonId}: one lesson for someone who may open it. */
export const lessonSchema = lessonOutlineSchema.extend({
  productId: objectIdSchema,
  sectionId: objectIdSchema,
  /** A video lesson's address (signed like a premium product's video), else null. */
  videoUrl: z.string().nullable(),
  /**
   * A free preview's captions by a signed address of their own, which opens them without a media grant (to
   * visitors too); null otherwise (a lesson's captions beside its video follow the viewer's grant).
   */
  captionsUrl: z.string().nullable().optional(),
  /** An uploaded video's adaptive stream once it is ready (videoUrl plays until then), else null. */
  stream: productStreamSchema.nullable(),
  /** An article's sanitised HTML, else null. */
  body: z.string().nullable(),
  /** A quiz lesson's questions without their answers (graded by the server on submission), else null. */
  quiz: quizSchema.nullable(),
  resources: z.array(lessonResourceSchema),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const lessonParamsSchema = z.object({
  idOrSlug: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9-]+$/, 'An id or slug may contain only letters, digits and hyphens'),
  lessonId: objectIdSchema,
});

// ---------- the admin's editor ----------

export const adminResourceSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  mediaAssetId: objectIdSchema,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type AdminResource = z.infer<typeof adminResourceSchema>;

export const adminLessonSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  kind: lessonKindSchema,
  durationSeconds: z.number().int().nullable(),
  isFreePreview: z.boolean(),
  videoUrl: z.string().nullable(),
  mediaAssetId: objectIdSchema.nullable(),
  body: z.string().nullable(),
  /** A quiz lesson's questions with their answers, else null. */
  quiz: adminQuizSchema.nullable(),
  resources: z.array(adminResourceSchema),
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

export const adminSectionSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  lessons: z.array(adminLessonSchema),
});
export type AdminSection = z.infer<typeof adminSectionSchema>;

/** GET/PUT /admin/products/{id}/curriculum. */
export const adminCurriculumSchema = z.object({
  productId: objectIdSchema,
  version: z.number().int(),
  durationSeconds: z.number().int(),
  sections: z.array(adminSectionSchema),
});
export type AdminCurriculum = z.infer<typeof adminCurriculumSchema>;

const titleOf = (required: string, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: required }).min(1, required).max(200, tooLong),
  );
/** An existing item keeps its id (so learners' progress follows it); a new one has none and is given one. */
const keptId = z.preprocess(emptyToNull, objectIdSchema.nullable()).optional();

const resourceInputSchema = z.object({
  id: keptId,
  title: titleOf(
    curriculumMessage('curriculum.resourceTitleRequired'),
    curriculumMessage('curriculum.resourceTitleMax', { max: 200 }),
  ),
  mediaAssetId: objectIdSchema,
});

const lessonInputSchema = z
  .object({
    id: keptId,
    title: titleOf(
      curriculumMessage('curriculum.lessonTitleRequired'),
      curriculumMessage('curriculum.lessonTitleMax', { max: 200 }),
    ),
    kind: lessonKindSchema,
    durationSeconds: z
      .preprocess(
        emptyToNull,
        z
          .number({ error: curriculumMessage('curriculum.secondsNumber') })
          .int(curriculumMessage('curriculum.secondsWhole'))
          .min(0, curriculumMessage('curriculum.secondsNegative'))
          .max(MAX_LESSON_SECONDS, curriculumMessage('curriculum.secondsMax', { max: MAX_LESSON_SECONDS }))
          .nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
    isFreePreview: z
      .boolean({ error: curriculumMessage('curriculum.freePreviewBoolean') })
      .optional()
      .default(false),
    videoUrl: linkSchema(
      adminMessage('product.videoUrlMax', { max: 2000 }),
      adminMessage('product.videoUrlLink'),
    )
      .optional()
      .transform((v) => v ?? null),
    mediaAssetId: z
      .preprocess(emptyToNull, objectIdSchema.nullable())
      .optional()
      .transform((v) => v ?? null),
    /** An article's HTML; the server sanitises it before saving. */
    body: z
      .preprocess(
        emptyToNull,
        z
          .string()
          .max(
            CURRICULUM_LIMITS.articleCharacters,
            curriculumMessage('curriculum.articleMax', { max: CURRICULUM_LIMITS.articleCharacters }),
          )
          .nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
    /** A quiz lesson's questions (required for kind quiz, dropped for any other kind). */
    quiz: quizInputSchema
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    resources: z
      .array(resourceInputSchema)
      .max(
        CURRICULUM_LIMITS.resourcesPerLesson,
        curriculumMessage('curriculum.resourcesMax', { max: CURRICULUM_LIMITS.resourcesPerLesson }),
      )
      .optional()
      .default([]),
  })
  .superRefine((lesson, ctx) => {
    if (lesson.kind === 'quiz' && !lesson.quiz)
      ctx.addIssue({ code: 'custom', path: ['quiz'], message: quizMessage('quiz.required') });
  });
export type LessonInput = z.output<typeof lessonInputSchema>;

const sectionInputSchema = z.object({
  id: keptId,
  title: titleOf(
    curriculumMessage('curriculum.sectionTitleRequired'),
    curriculumMessage('curriculum.sectionTitleMax', { max: 200 }),
  ),
  lessons: z
    .array(lessonInputSchema)
    .max(
      CURRICULUM_LIMITS.lessonsPerSection,
      curriculumMessage('curriculum.lessonsPerSectionMax', { max: CURRICULUM_LIMITS.lessonsPerSection }),
    ),
});
export type SectionInput = z.output<typeof sectionInputSchema>;

/**
 * PUT /admin/products/{id}/curriculum: the whole curriculum in order, applied in one transaction. `version`
 * is the one the editor opened: another admin's save since then is a 409, never silently overwritten.
 */
export const curriculumBodySchema = z
  .object({
    version: z
      .number({ error: curriculumMessage('curriculum.versionRequired') })
      .int(curriculumMessage('curriculum.versionRequired'))
      .min(0, curriculumMessage('curriculum.versionRequired')),
    sections: z
      .array(sectionInputSchema)
      .max(
        CURRICULUM_LIMITS.sections,
        curriculumMessage('curriculum.sectionsMax', { max: CURRICULUM_LIMITS.sections }),
      ),
  })
  .superRefine((body, ctx) => {
    const lessons = body.sections.flatMap((section) => section.lessons);
    if (lessons.length > CURRICULUM_LIMITS.lessons)
      ctx.addIssue({
        code: 'custom',
        path: ['sections'],
        message: curriculumMessage('curriculum.lessonsPerCourseMax', { max: CURRICULUM_LIMITS.lessons }),
      });
    const seen = new Set<string>();
    const questions = lessons.flatMap((l) => l.quiz?.questions ?? []);
    const ids = [
      ...body.sections.map((s) => s.id),
      ...lessons.map((l) => l.id),
      ...lessons.flatMap((l) => l.resources.map((r) => r.id)),
      ...questions.map((q) => q.id),
      ...questions.flatMap((q) => q.options.map((o) => o.id)),
    ];
    for (const id of ids) {
      if (!id) continue;
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['sections'],
          message: curriculumMessage('curriculum.idTwice', { id }),
        });
      seen.add(id);
    }
  });
export type CurriculumInput = z.output<typeof curriculumBodySchema>;

// ---------- internal: what progress needs of a course ----------

/** GET /internal/products/{idOrSlug}/lessons: every lesson in order (empty for a single-video product). */
export const courseLessonsSchema = z.object({
  productId: objectIdSchema,
  lessons: z.array(
    z.object({
      id: objectIdSchema,
      /** (the notes' PDF names each note's lesson; absent from an answer cached before titles were sent) */
      title: z.string().optional(),
      durationSeconds: z.number().int().nullable(),
      isFreePreview: z.boolean(),
      kind: lessonKindSchema,
    }),
  ),
});
export type CourseLessons = z.infer<typeof courseLessonsSchema>;

export * from './course-progress';
