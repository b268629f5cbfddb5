// Contracts of quizzes: a lesson kind holding questions (content owns the questions and their answers, which
// never reach a browser before an attempt), and learners' graded attempts (progress owns them).
import { z } from 'zod';
import { emptyToNull } from './admin';
import { objectIdSchema } from './api';
import { lessonProgressSchema } from './course-progress';
import { progressSchema } from './progress';
import { quizMessage } from './form-messages/quiz';
import { oneOf } from './form-messages/fill';
import { QUIZ_LIMITS, QUIZ_QUESTION_KINDS } from './quiz-terms';

export * from './quiz-terms';

const text = (max: number, required: string, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: required }).min(1, required).max(max, tooLong),
  );
const keptId = z.preprocess(emptyToNull, objectIdSchema.nullable()).optional();

// ---------- the admin's quiz (with the answers) ----------

const quizOptionInputSchema = z.object({
  id: keptId,
  text: text(
    QUIZ_LIMITS.option,
    quizMessage('quiz.optionRequired'),
    quizMessage('quiz.optionMax', { max: QUIZ_LIMITS.option }),
  ),
  isCorrect: z
    .boolean({ error: quizMessage('quiz.correctBoolean') })
    .optional()
    .default(false),
});

const quizQuestionInputSchema = z
  .object({
    id: keptId,
    kind: z.enum(QUIZ_QUESTION_KINDS, {
      message: quizMessage('quiz.kindInvalid', oneOf(QUIZ_QUESTION_KINDS)),
    }),
    prompt: text(
      QUIZ_LIMITS.prompt,
      quizMessage('quiz.promptRequired'),
      quizMessage('quiz.promptMax', { max: QUIZ_LIMITS.prompt }),
    ),
    options: z
      .array(quizOptionInputSchema)
      .min(2, quizMessage('quiz.optionsMin'))
      .max(QUIZ_LIMITS.options, quizMessage('quiz.optionsMax', { max: QUIZ_LIMITS.options })),
    explanation: z
      .preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .max(QUIZ_LIMITS.explanation, quizMessage('quiz.explanationMax', { max: QUIZ_LIMITS.explanation }))
          .nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((o) => o.isCorrect).length;
    if (question.kind === 'true-false') {
      const texts = question.options.map((o) => o.text.toLowerCase()).sort();
      if (texts.length !== 2 || texts[0] !== 'false' || texts[1] !== 'true')
        ctx.addIssue({ code: 'custom', path: ['options'], message: quizMessage('quiz.trueFalseOptions') });
    }
    if (question.kind !== 'multiple' && correct !== 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: quizMessage('quiz.oneCorrect') });
    if (question.kind === 'multiple' && correct < 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: quizMessage('quiz.someCorrect') });
  });

/** A quiz lesson's questions as the editor saves them (inside the curriculum save). */
export const quizInputSchema = z.object({
  passPercent: z
    .number({ error: quizMessage('quiz.passPercent') })
    .int(quizMessage('quiz.passPercent'))
    .min(1, quizMessage('quiz.passPercent'))
    .max(100, quizMessage('quiz.passPercent'))
    .optional()
    .default(70),
  questions: z
    .array(quizQuestionInputSchema)
    .min(1, quizMessage('quiz.required'))
    .max(QUIZ_LIMITS.questions, quizMessage('quiz.questionsMax', { max: QUIZ_LIMITS.questions })),
});
export type QuizInput = z.output<typeof quizInputSchema>;

const quizOptionSchema = z.object({ id: objectIdSchema, text: z.string() });
const adminQuizQuestionSchema = z.object({
  id: objectIdSchema,
  kind: z.enum(QUIZ_QUESTION_KINDS),
  prompt: z.string(),
  options: z.array(quizOptionSchema.extend({ isCorrect: z.boolean() })),
  explanation: z.string().nullable(),
});
/** The admin's view of a quiz: every question with its answers. */
export const adminQuizSchema = z.object({
  passPercent: z.number().int(),
  questions: z.array(adminQuizQuestionSchema),
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

// ---------- what a learner sees before answering ----------

/** A quiz as a learner sees it: questions and options, never which are correct nor the explanations. */
export const quizSchema = z.object({
  passPercent: z.number().int(),
  questions: z.array(
    z.object({
      id: objectIdSchema,
      kind: z.enum(QUIZ_QUESTION_KINDS),
      prompt: z.string(),
      options: z.array(quizOptionSchema),
    }),
  ),
});
export type Quiz = z.infer<typeof quizSchema>;

/** What progress asks content to grade an attempt (internal only). */
export const quizKeySchema = z.object({
  lessonId: objectIdSchema,
  passPercent: z.number().int(),
  questions: z.array(
    z.object({
      id: objectIdSchema,
      kind: z.enum(QUIZ_QUESTION_KINDS),
      optionIds: z.array(objectIdSchema),
      correctOptionIds: z.array(objectIdSchema),
      explanation: z.string().nullable(),
    }),
  ),
});
export type QuizKey = z.infer<typeof quizKeySchema>;

// ---------- attempts (progress) ----------

/**
 * POST …/lessons/{lessonId}/quiz-paper: the attempt the learner is sitting, its questions and each question's
 * options in an order shuffled for this attempt and kept by the server (asked again before submitting, the
 * same paper). `retryAt`: when an answer will next be taken (null: now), for the countdown.
 */
export const quizPaperSchema = z.object({
  paperId: objectIdSchema,
  questions: z.array(z.object({ questionId: objectIdSchema, optionIds: z.array(objectIdSchema) })),
  retryAt: z.string().nullable(),
});
export type QuizPaper = z.infer<typeof quizPaperSchema>;

/**
 * POST …/lessons/{lessonId}/quiz-attempts: the chosen options of each question (an unanswered question scores
 * nothing), and the paper answered (without one: the learner's open paper at the quiz).
 */
export const quizAttemptBodySchema = z.object({
  paperId: objectIdSchema.optional(),
  answers: z
    .array(
      z.object({
        questionId: objectIdSchema,
        optionIds: z
          .array(objectIdSchema)
          .max(QUIZ_LIMITS.options, `At most ${QUIZ_LIMITS.options} options per answer`),
      }),
    )
    .max(QUIZ_LIMITS.questions, `At most ${QUIZ_LIMITS.questions} answers`),
});
export type QuizAttemptBody = z.output<typeof quizAttemptBodySchema>;

/**
 * One graded question of an attempt: whether it was right and what was chosen; after a pass only, what was
 * right and why (a failed attempt never tells the right options: the learner works them out).
 */
const gradedQuestionSchema = z.object({
  questionId: objectIdSchema,
  correct: z.boolean(),
  chosenOptionIds: z.array(objectIdSchema),
  correctOptionIds: z.array(objectIdSchema).optional(),
  explanation: z.string().nullable().optional(),
});

export const quizAttemptSummarySchema = z.object({
  id: objectIdSchema,
  /** Whole percent of questions answered right. */
  score: z.number().int(),
  passed: z.boolean(),
  submittedAt: z.string(),
});
export type QuizAttemptSummary = z.infer<typeof quizAttemptSummarySchema>;

export const quizAttemptSchema = quizAttemptSummarySchema.extend({
  questions: z.array(gradedQuestionSchema),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

/** GET …/quiz-attempts: every attempt, newest first, and the best score (the one that counts). */
export const quizAttemptsSchema = z.object({
  lessonId: objectIdSchema,
  passPercent: z.number().int().nullable(),
  bestScore: z.number().int().nullable(),
  passed: z.boolean(),
  attempts: z.array(quizAttemptSummarySchema),
});
export type QuizAttempts = z.infer<typeof quizAttemptsSchema>;

/** The answer to an attempt: its grading, the best score so far, and the lesson and course after it. */
export const quizAttemptResultSchema = z.object({
  attempt: quizAttemptSchema,
  bestScore: z.number().int(),
  lesson: lessonProgressSchema,
  course: progressSchema,
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;
