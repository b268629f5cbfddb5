import type { LessonOutline, SectionOutline } from '@catalyst/contracts';

/** What the viewer may open of a course, as the server will decide it (it enforces; this only shows). */
export interface CourseAccess {
  /** The product page opened (plan, admin or a free product): every lesson opens and progress is kept. */
  full: boolean;
  signedIn: boolean;
  /** Priced 0: every signed-in user may open every lesson. */
  freeProduct: boolean;
}

/** A free preview opens to anyone; any other lesson as the course does. A quiz is graded and kept only for a learner the course opens to. */
export const canOpenLesson = (
  lesson: Pick<LessonOutline, 'isFreePreview' | 'kind'>,
  access: CourseAccess,
): boolean => access.full || (lesson.isFreePreview && lesson.kind !== 'quiz');

/** What a locked lesson offers: signing in (a visitor on a free course) or the plans. */
export const lockedOfferOf = (access: CourseAccess): 'sign-in' | 'plans' =>
  !access.signedIn && access.freeProduct ? 'sign-in' : 'plans';

/** A lesson with the section it sits in, in curriculum order. */
export interface PlacedLesson extends LessonOutline {
  sectionId: string;
  sectionTitle: string;
}

export const lessonsOf = (sections: readonly SectionOutline[]): PlacedLesson[] =>
  sections.flatMap((section) =>
    section.lessons.map((lesson) => ({ ...lesson, sectionId: section.id, sectionTitle: section.title })),
  );

/** Where a viewer without the course lands: the first lesson they may open, else the first lesson. */
export const firstOpenLessonOf = (
  lessons: readonly PlacedLesson[],
  access: CourseAccess,
): PlacedLesson | null => lessons.find((lesson) => canOpenLesson(lesson, access)) ?? lessons[0] ?? null;
