// No zod here: the player imports these rules alone (a remote keeps only what it imports).

/** What a lesson is: a video (an uploaded asset or a URL), an article (sanitised HTML), or a quiz (reserved). */
export const LESSON_KINDS = ['video', 'article', 'quiz'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** The words the curriculum answers and shows with, shared by content, the player, the editor and the tests. */
export const COURSE_MESSAGES = {
  lessonNotFound: 'Lesson not found',
  signInForLesson: 'Sign in to open this lesson',
  versionConflict:
    'Someone else changed this curriculum since you opened it. Reload to see their changes; yours were not saved.',
  savedCurriculum: 'Curriculum saved',
  perLessonProgress: 'This course saves progress per lesson: save it on the lesson',
  resourceNotDownloadable: 'Resources must be a ready PDF, zip archive or image from the media library',
  videoNotPlayable: 'A lesson video must be a video from the media library',
  assetUnknown: 'This file is not in the media library',
  completeByLessons:
    'A course is finished lesson by lesson: watch its lessons and pass its quiz to earn the certificate',
} as const;

/**
 * A saved curriculum's item whose id the course does not hold, by its kind (`any`: an id alone, the studio's
 * check): `{{id}}` is the id. `any` is last, as its pattern would take a kind's word for part of an id.
 */
export const NOT_IN_CURRICULUM_TEMPLATES = {
  section: 'Section {{id}} is not part of this curriculum',
  lesson: 'Lesson {{id}} is not part of this curriculum',
  resource: 'Resource {{id}} is not part of this curriculum',
  question: 'Question {{id}} is not part of this curriculum',
  option: 'Option {{id}} is not part of this curriculum',
  any: '{{id}} is not part of this curriculum',
} as const;
export const notInCurriculumMessage = (item: keyof typeof NOT_IN_CURRICULUM_TEMPLATES, id: string) =>
  NOT_IN_CURRICULUM_TEMPLATES[item].replace('{{id}}', () => id);

/** A lesson as the rules need it: its id, its length and whether it counts towards completing the course. */
export interface RuleLesson {
  id: string;
  durationSeconds: number | null;
}

/** A lesson's own progress as the rules need it. */
export interface RuleLessonProgress {
  lessonId: string;
  completed: boolean;
}

/** A lesson with no known length still weighs one minute: an article or a quiz never weighs nothing. */
const MIN_WEIGHT_SECONDS = 60;
const weightOf = (lesson: RuleLesson) => Math.max(MIN_WEIGHT_SECONDS, lesson.durationSeconds ?? 0);

/**
 * The course figure derived from its lessons: percent is the duration-weighted share of completed lessons
 * (whole percent; 100 only when every lesson is complete), and the course is complete when every lesson is.
 * Rows of lessons no longer in the curriculum are ignored.
 */
export function courseProgressOf(
  lessons: readonly RuleLesson[],
  rows: readonly RuleLessonProgress[],
): { percent: number; completed: boolean; completedLessons: number } {
  if (lessons.length === 0) return { percent: 0, completed: false, completedLessons: 0 };
  const done = new Set(rows.filter((row) => row.completed).map((row) => row.lessonId));
  let total = 0;
  let completedWeight = 0;
  let completedLessons = 0;
  for (const lesson of lessons) {
    const weight = weightOf(lesson);
    total += weight;
    if (done.has(lesson.id)) {
      completedWeight += weight;
      completedLessons += 1;
    }
  }
  const completed = completedLessons === lessons.length;
  // Never 100 before the last lesson is done, never 0 once one is.
  const raw = Math.round((completedWeight / total) * 100);
  const percent = completed ? 100 : completedLessons === 0 ? 0 : Math.min(99, Math.max(1, raw));
  return { percent, completed, completedLessons };
}

/** The lesson after `currentId` in curriculum order (sections flattened), or null at the end or for an unknown id. */
export function nextLessonOf<L extends { id: string }>(lessons: readonly L[], currentId: string): L | null {
  const at = lessons.findIndex((lesson) => lesson.id === currentId);
  return at < 0 ? null : (lessons[at + 1] ?? null);
}

/** The lesson before `currentId`, or null at the start or for an unknown id. */
export function previousLessonOf<L extends { id: string }>(
  lessons: readonly L[],
  currentId: string,
): L | null {
  const at = lessons.findIndex((lesson) => lesson.id === currentId);
  return at <= 0 ? null : (lessons[at - 1] ?? null);
}

/**
 * Where a course opens: the lesson the learner was in (at the second they left), else the first lesson not
 * yet complete, else the first lesson. `currentLessonId` is the lesson of the learner's last save.
 */
export function resumeLessonOf<L extends { id: string }>(
  lessons: readonly L[],
  currentLessonId: string | null | undefined,
  rows: readonly RuleLessonProgress[],
): L | null {
  if (lessons.length === 0) return null;
  const current = currentLessonId ? lessons.find((lesson) => lesson.id === currentLessonId) : undefined;
  if (current) return current;
  const done = new Set(rows.filter((row) => row.completed).map((row) => row.lessonId));
  return lessons.find((lesson) => !done.has(lesson.id)) ?? lessons[0]!;
}

/** Seconds the next lesson waits before it starts on its own (the learner may cancel or start it now). */
export const NEXT_LESSON_COUNTDOWN_SECONDS = 5;
