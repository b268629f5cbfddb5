import { diffWords } from 'diff';
import type { FieldDiff, LessonDiff, RevisionDiff, RevisionSnapshot } from '@catalyst/contracts';

/** The product fields a creator's draft may change, in the form's order. */
const PRODUCT_FIELDS = [
  'title',
  'slug',
  'description',
  'content',
  'category',
  'creator',
  'type',
  'difficulty',
  'duration',
  'thumbnail',
  'videoUrl',
  'mediaAssetId',
  'tags',
  'price',
  'instructor',
] as const;

type Lesson = RevisionSnapshot['sections'][number]['lessons'][number];

const LESSON_FIELDS: Array<[string, (lesson: Lesson, section: string) => unknown]> = [
  ['title', (l) => l.title],
  ['section', (_, section) => section],
  ['kind', (l) => l.kind],
  ['durationSeconds', (l) => l.durationSeconds],
  ['isFreePreview', (l) => l.isFreePreview],
  ['videoUrl', (l) => l.videoUrl],
  ['mediaAssetId', (l) => l.mediaAssetId],
  ['body', (l) => l.body],
  ['quiz', (l) => (l.quiz ? JSON.stringify(l.quiz, null, 1) : null)],
  ['resources', (l) => l.resources.map((r) => r.title).join(', ')],
];

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);

function fieldDiff(field: string, beforeValue: unknown, afterValue: unknown): FieldDiff | null {
  const before = text(beforeValue);
  const after = text(afterValue);
  if (before === after) return null;
  const parts = diffWords(before, after).map((part) => ({
    value: part.value,
    added: part.added === true,
    removed: part.removed === true,
  }));
  return { field, before, after, parts };
}

function lessonsOf(snapshot: RevisionSnapshot | null) {
  const lessons = new Map<string, { lesson: Lesson; section: string }>();
  for (const section of snapshot?.sections ?? [])
    for (const lesson of section.lessons) lessons.set(lesson.id, { lesson, section: section.title });
  return lessons;
}

/**
 * How a draft differs from what is live (or was last approved): each changed product field, and each lesson
 * added, removed or changed (per field, with a word difference). `before` null: nothing approved yet.
 */
export function diffRevision(before: RevisionSnapshot | null, after: RevisionSnapshot): RevisionDiff {
  const fields = PRODUCT_FIELDS.map((field) =>
    fieldDiff(field, before?.product[field], after.product[field]),
  ).filter((d): d is FieldDiff => d !== null);

  const old = lessonsOf(before);
  const now = lessonsOf(after);
  const lessons: LessonDiff[] = [];
  const compare = (a?: { lesson: Lesson; section: string }, b?: { lesson: Lesson; section: string }) =>
    LESSON_FIELDS.map(([field, read]) =>
      fieldDiff(field, a ? read(a.lesson, a.section) : null, b ? read(b.lesson, b.section) : null),
    ).filter((d): d is FieldDiff => d !== null);
  for (const [id, entry] of now) {
    const previous = old.get(id);
    const changes = compare(previous, entry);
    if (!previous)
      lessons.push({ lessonId: id, title: entry.lesson.title, change: 'added', fields: changes });
    else if (changes.length > 0)
      lessons.push({ lessonId: id, title: entry.lesson.title, change: 'changed', fields: changes });
  }
  for (const [id, entry] of old)
    if (!now.has(id))
      lessons.push({
        lessonId: id,
        title: entry.lesson.title,
        change: 'removed',
        fields: compare(entry),
      });
  return { fields, lessons };
}
