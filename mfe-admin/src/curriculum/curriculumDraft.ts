// The curriculum as the editor holds it between saves: sections and lessons with keys of their own (a new
// item has no id until the server gives it one), the moves the editor makes, and the body one save sends.
import type { z } from 'zod';
import type {
  AdminCurriculum,
  AdminLesson,
  AdminResource,
  AdminSection,
  curriculumBodySchema,
  FieldError,
  LessonKind,
} from '@catalyst/contracts';
import { currentLanguage, formatDuration, formatSeconds } from '@catalyst/web-kit';
import { emptyQuiz, quizBody, quizFieldOf, quizFrom, quizItemKeys, type DraftQuiz } from './quizDraft';

export interface DraftResource {
  key: string;
  id: string | null;
  title: string;
  mediaAssetId: string;
  /** Shown beside the title (the server keeps the asset's own facts). */
  fileName: string;
  mimeType: string;
  size: number;
}

export interface DraftLesson {
  key: string;
  id: string | null;
  title: string;
  kind: LessonKind;
  /** The duration as typed: minutes and seconds (both empty: unknown). */
  minutes: string;
  seconds: string;
  isFreePreview: boolean;
  videoUrl: string;
  /** An uploaded video (media asset id), or '' for none. */
  mediaAssetId: string;
  /** An article's HTML. */
  body: string;
  /** A quiz lesson's questions (kept while the lesson is another kind, in case it changes back). */
  quiz: DraftQuiz;
  resources: DraftResource[];
}

export interface DraftSection {
  key: string;
  id: string | null;
  title: string;
  lessons: DraftLesson[];
}

export interface CurriculumDraft {
  /** The version the editor opened (sent back with the save: another admin's save since then is a 409). */
  version: number;
  sections: DraftSection[];
}

/** What one save sends (PUT /admin/products/{id}/curriculum). */
export type CurriculumBody = z.input<typeof curriculumBodySchema>;

let lastKey = 0;
/** A key for React and for dragging, unique within the page. */
const newKey = (prefix: 's' | 'l' | 'r') => `${prefix}${++lastKey}`;

// ---------- durations ----------

/** A lesson's duration in seconds from its two inputs; null when both are empty (NaN when one is not a number). */
export function lessonDurationOf(lesson: Pick<DraftLesson, 'minutes' | 'seconds'>): number | null {
  const minutes = lesson.minutes.trim();
  const seconds = lesson.seconds.trim();
  if (minutes === '' && seconds === '') return null;
  return Number(minutes || 0) * 60 + Number(seconds || 0);
}

/** Seconds counted in the totals: unknown or unusable durations count as nothing. */
const countedSeconds = (lesson: DraftLesson) => {
  const seconds = lessonDurationOf(lesson);
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
};

export const sectionDurationOf = (section: DraftSection) =>
  section.lessons.reduce((sum, lesson) => sum + countedSeconds(lesson), 0);
export const courseDurationOf = (sections: readonly DraftSection[]) =>
  sections.reduce((sum, section) => sum + sectionDurationOf(section), 0);
export const lessonCountOf = (sections: readonly DraftSection[]) =>
  sections.reduce((sum, section) => sum + section.lessons.length, 0);

/** Splits seconds into the two inputs ('' for an unknown duration). */
export function durationInputs(seconds: number | null): Pick<DraftLesson, 'minutes' | 'seconds'> {
  if (seconds === null) return { minutes: '', seconds: '' };
  const whole = Math.round(seconds);
  return { minutes: String(Math.floor(whole / 60)), seconds: String(whole % 60) };
}

/** A length in words a screen reader says well: '1 h 5 min', '4 min 12 s', '45 s', '0 min'. */
export function formatLength(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  // Another language: web-kit's units as Intl writes them there (hours and minutes, or the seconds under a minute).
  if (currentLanguage() !== 'en') {
    if (whole >= 60) {
      const length = formatDuration(hours * 60 + minutes);
      return hours === 0 && seconds > 0 ? `${length} ${formatSeconds(seconds)}` : length;
    }
    return formatSeconds(seconds);
  }
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return seconds > 0 ? `${seconds} s` : '0 min';
}

// ---------- from and to the server ----------

const resourceFrom = (resource: AdminResource, key = newKey('r')): DraftResource => ({
  key,
  id: resource.id,
  title: resource.title,
  mediaAssetId: resource.mediaAssetId,
  fileName: resource.fileName,
  mimeType: resource.mimeType,
  size: resource.size,
});

const lessonFrom = (lesson: AdminLesson, previous?: DraftLesson): DraftLesson => ({
  key: previous?.key ?? newKey('l'),
  id: lesson.id,
  title: lesson.title,
  kind: lesson.kind,
  ...durationInputs(lesson.durationSeconds),
  isFreePreview: lesson.isFreePreview,
  videoUrl: lesson.videoUrl ?? '',
  mediaAssetId: lesson.mediaAssetId ?? '',
  body: lesson.body ?? '',
  quiz: lesson.quiz ? quizFrom(lesson.quiz, previous?.quiz) : (previous?.quiz ?? emptyQuiz()),
  resources: lesson.resources.map((resource, i) => resourceFrom(resource, previous?.resources[i]?.key)),
});

const sectionFrom = (section: AdminSection, previous?: DraftSection): DraftSection => ({
  key: previous?.key ?? newKey('s'),
  id: section.id,
  title: section.title,
  lessons: section.lessons.map((lesson, i) => lessonFrom(lesson, previous?.lessons[i])),
});

/** The editor's copy of a loaded curriculum. */
export function draftFromCurriculum(curriculum: AdminCurriculum): CurriculumDraft {
  return {
    version: curriculum.version,
    sections: curriculum.sections.map((section) => sectionFrom(section)),
  };
}

/**
 * The saved curriculum adopted after a save: its new version and ids. The server answers in the order it was
 * sent, so each item keeps its key (what is open stays open, focus stays where it was).
 */
export function adoptSaved(previous: CurriculumDraft, saved: AdminCurriculum): CurriculumDraft {
  return {
    version: saved.version,
    sections: saved.sections.map((section, i) => sectionFrom(section, previous.sections[i])),
  };
}

/** The body of one save: the whole curriculum in order, with the version the editor opened. */
export function curriculumBody(draft: CurriculumDraft): CurriculumBody {
  return {
    version: draft.version,
    sections: draft.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons.map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        durationSeconds: lessonDurationOf(lesson),
        isFreePreview: lesson.isFreePreview,
        // Only what the lesson's kind uses is sent; the rest stays in the editor in case the kind changes back.
        videoUrl: lesson.kind === 'video' ? lesson.videoUrl.trim() || null : null,
        mediaAssetId: lesson.kind === 'video' ? lesson.mediaAssetId || null : null,
        body: lesson.kind === 'article' && lesson.body.trim() !== '' ? lesson.body : null,
        quiz: lesson.kind === 'quiz' ? quizBody(lesson.quiz) : null,
        resources: lesson.resources.map((resource) => ({
          id: resource.id,
          title: resource.title,
          mediaAssetId: resource.mediaAssetId,
        })),
      })),
    })),
  };
}

// ---------- new items ----------

export function newSection(title: string): DraftSection {
  return { key: newKey('s'), id: null, title, lessons: [] };
}

export function newLesson(title: string): DraftLesson {
  return {
    key: newKey('l'),
    id: null,
    title,
    kind: 'video',
    minutes: '',
    seconds: '',
    isFreePreview: false,
    videoUrl: '',
    mediaAssetId: '',
    body: '',
    quiz: emptyQuiz(),
    resources: [],
  };
}

export function newResource(facts: Omit<DraftResource, 'key' | 'id'>): DraftResource {
  return { key: newKey('r'), id: null, ...facts };
}

// ---------- edits and moves (each returns new sections) ----------

/** `items` with the one at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

export interface LessonPlace {
  sectionIndex: number;
  lessonIndex: number;
  section: DraftSection;
  lesson: DraftLesson;
}

export function findLesson(sections: readonly DraftSection[], lessonKey: string): LessonPlace | null {
  for (const [sectionIndex, section] of sections.entries()) {
    const lessonIndex = section.lessons.findIndex((lesson) => lesson.key === lessonKey);
    if (lessonIndex >= 0)
      return { sectionIndex, lessonIndex, section, lesson: section.lessons[lessonIndex]! };
  }
  return null;
}

export const updateSection = (
  sections: readonly DraftSection[],
  sectionKey: string,
  patch: Partial<Omit<DraftSection, 'key'>>,
) => sections.map((section) => (section.key === sectionKey ? { ...section, ...patch } : section));

export const removeSection = (sections: readonly DraftSection[], sectionKey: string) =>
  sections.filter((section) => section.key !== sectionKey);

export function moveSection(
  sections: readonly DraftSection[],
  sectionKey: string,
  toIndex: number,
): DraftSection[] {
  return moveItem(
    sections,
    sections.findIndex((section) => section.key === sectionKey),
    toIndex,
  );
}

export const updateLesson = (
  sections: readonly DraftSection[],
  lessonKey: string,
  patch: Partial<Omit<DraftLesson, 'key'>>,
) =>
  sections.map((section) =>
    section.lessons.some((lesson) => lesson.key === lessonKey)
      ? {
          ...section,
          lessons: section.lessons.map((lesson) =>
            lesson.key === lessonKey ? { ...lesson, ...patch } : lesson,
          ),
        }
      : section,
  );

export const addLesson = (sections: readonly DraftSection[], sectionKey: string, lesson: DraftLesson) =>
  sections.map((section) =>
    section.key === sectionKey ? { ...section, lessons: [...section.lessons, lesson] } : section,
  );

export const removeLesson = (sections: readonly DraftSection[], lessonKey: string) =>
  sections.map((section) =>
    section.lessons.some((lesson) => lesson.key === lessonKey)
      ? { ...section, lessons: section.lessons.filter((lesson) => lesson.key !== lessonKey) }
      : section,
  );

/** Moves a lesson to `toIndex` of the section `toSectionKey` (its own or another; the end when the index is past it). */
export function moveLesson(
  sections: readonly DraftSection[],
  lessonKey: string,
  toSectionKey: string,
  toIndex: number,
): DraftSection[] {
  const place = findLesson(sections, lessonKey);
  if (!place) return [...sections];
  if (place.section.key === toSectionKey) {
    return sections.map((section) =>
      section.key === toSectionKey
        ? { ...section, lessons: moveItem(section.lessons, place.lessonIndex, toIndex) }
        : section,
    );
  }
  return sections.map((section) => {
    if (section.key === place.section.key)
      return { ...section, lessons: section.lessons.filter((lesson) => lesson.key !== lessonKey) };
    if (section.key !== toSectionKey) return section;
    const lessons = [...section.lessons];
    lessons.splice(Math.max(0, Math.min(lessons.length, toIndex)), 0, place.lesson);
    return { ...section, lessons };
  });
}

// ---------- errors ----------

/**
 * Field errors (the server's `sections.0.lessons.2.title` paths, or the browser's from the same schema) keyed by
 * the item they belong to (`l7.title`), so an error stays beside its field when the admin reorders; errors
 * whose path names no field of the editor are returned apart, for the alert.
 */
export function errorsByItem(
  draft: CurriculumDraft,
  errors: readonly FieldError[],
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const { field, message } of errors) {
    const key = itemFieldOf(draft, field);
    if (key === null) other.push(message);
    else if (!(key in fields)) fields[key] = message;
  }
  return { fields, other };
}

const LESSON_FIELDS = new Set([
  'title',
  'kind',
  'durationSeconds',
  'isFreePreview',
  'videoUrl',
  'mediaAssetId',
  'body',
  'resources',
  'quiz',
]);

function itemFieldOf(draft: CurriculumDraft, path: string): string | null {
  const [root, sectionAt, sectionField, lessonAt, lessonField, resourceAt, resourceField, ...rest] =
    path.split('.');
  const section =
    root === 'sections' && sectionAt !== undefined ? draft.sections[Number(sectionAt)] : undefined;
  if (!section) return null;
  if (sectionField === 'title' && lessonAt === undefined) return `${section.key}.title`;
  if (sectionField !== 'lessons') return null;
  if (lessonAt === undefined) return `${section.key}.lessons`;
  const lesson = section.lessons[Number(lessonAt)];
  if (!lesson || lessonField === undefined || !LESSON_FIELDS.has(lessonField)) return null;
  if (lessonField === 'quiz')
    return quizFieldOf(
      lesson.key,
      lesson.quiz,
      [resourceAt, resourceField, ...rest].filter((part): part is string => part !== undefined),
    );
  if (lessonField !== 'resources') return resourceAt === undefined ? `${lesson.key}.${lessonField}` : null;
  const resource = resourceAt === undefined ? undefined : lesson.resources[Number(resourceAt)];
  if (resource && (resourceField === 'title' || resourceField === 'mediaAssetId'))
    return `${resource.key}.${resourceField}`;
  return `${lesson.key}.resources`;
}

/** The keys errors of a lesson are kept under: its own, its resources', its quiz's questions' and options'. */
export const lessonItemKeys = (lesson: DraftLesson): string[] => [
  lesson.key,
  ...lesson.resources.map((resource) => resource.key),
  ...quizItemKeys(lesson.quiz),
];

/** The lessons holding at least one of these errors (their editors open so the errors can be seen). */
export function lessonsWithErrors(draft: CurriculumDraft, fields: Record<string, string>): string[] {
  const keys = new Set(Object.keys(fields).map((key) => key.split('.')[0]));
  return draft.sections.flatMap((section) =>
    section.lessons
      .filter((lesson) => lessonItemKeys(lesson).some((key) => keys.has(key)))
      .map((lesson) => lesson.key),
  );
}
