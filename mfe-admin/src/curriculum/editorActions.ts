import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { DraftLesson, DraftResource, DraftSection } from './curriculumDraft';
import { consoleStrings } from '../i18n/console/en';

/** What the sections and lessons of the tree may do to the curriculum (the editor owns the state). */
export interface EditorActions {
  sections: readonly DraftSection[];
  /** Field errors keyed by item and field (`l7.title`). */
  errors: Record<string, string>;
  isOpen: (lessonKey: string) => boolean;
  toggleLesson: (lessonKey: string) => void;
  renameSection: (sectionKey: string, title: string) => void;
  moveSectionBy: (sectionKey: string, delta: -1 | 1) => void;
  /** Deletes the section, asking first when it holds lessons. */
  removeSection: (sectionKey: string) => void;
  addLesson: (sectionKey: string) => void;
  updateLesson: (lessonKey: string, patch: Partial<Omit<DraftLesson, 'key' | 'resources'>>) => void;
  changeResources: (lessonKey: string, change: (resources: DraftResource[]) => DraftResource[]) => void;
  moveLessonBy: (lessonKey: string, delta: -1 | 1) => void;
  moveLessonTo: (lessonKey: string, sectionKey: string, index?: number) => void;
  removeLesson: (lessonKey: string) => void;
  clearError: (itemKey: string, field?: string) => void;
  /** Focuses the first of these controls (`data-focus-id`) that can take focus, once the change is shown. */
  requestFocus: (focusIds: string[]) => void;
  /** Says something in the editor's polite live region. */
  announce: (message: string) => void;
}

/** A section's name in words (the table's t: these helpers are called as a component renders). */
export const sectionName = (section: Pick<DraftSection, 'title'>) =>
  section.title.trim() || consoleStrings.t('curriculum.untitledSection');
export const lessonName = (lesson: Pick<DraftLesson, 'title'>) =>
  lesson.title.trim() || consoleStrings.t('curriculum.untitledLesson');

/** Each kind of lesson's name. */
export const LESSON_KIND_NAMES = {
  video: 'curriculum.kind.video',
  article: 'curriculum.kind.article',
  quiz: 'curriculum.kind.quiz',
} as const;

/** The drag's words for each kind of item (a section or a lesson: each language words them its own way). */
const DRAG_TEXTS = {
  Section: {
    start: 'curriculum.drag.section.start',
    over: 'curriculum.drag.section.over',
    moved: 'curriculum.drag.section.moved',
    dropped: 'curriculum.drag.section.dropped',
    cancelled: 'curriculum.drag.section.cancelled',
  },
  Lesson: {
    start: 'curriculum.drag.lesson.start',
    over: 'curriculum.drag.lesson.over',
    moved: 'curriculum.drag.lesson.moved',
    dropped: 'curriculum.drag.lesson.dropped',
    cancelled: 'curriculum.drag.lesson.cancelled',
  },
} as const;

/** Dragging by pointer (after a small move, so a click on the handle is not a drag) or by keyboard (Space, arrows, Space). */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** What the drag's live region says, in the words of the Move buttons. */
export function dragAnnouncements(
  what: 'Section' | 'Lesson',
  nameOf: (key: string) => string,
  positionOf: (key: string) => string,
): Announcements {
  const texts = DRAG_TEXTS[what];
  const t = consoleStrings.t;
  return {
    onDragStart: ({ active }) => t(texts.start, { name: nameOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t(texts.over, { name: nameOf(String(active.id)), position: positionOf(String(over.id)) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t(texts.moved, { name: nameOf(String(active.id)), position: positionOf(String(over.id)) })
        : t(texts.dropped, { name: nameOf(String(active.id)) }),
    onDragCancel: ({ active }) => t(texts.cancelled, { name: nameOf(String(active.id)) }),
  };
}

/** How to drag by keyboard, in the page's language when the editor renders. */
export const dragInstructions = () => ({ draggable: consoleStrings.t('curriculum.drag.instructions') });
