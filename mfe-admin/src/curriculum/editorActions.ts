import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { DraftLesson, DraftResource, DraftSection } from './curriculumDraft';

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

export const sectionName = (section: Pick<DraftSection, 'title'>) =>
  section.title.trim() || 'Untitled section';
export const lessonName = (lesson: Pick<DraftLesson, 'title'>) => lesson.title.trim() || 'Untitled lesson';

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
  return {
    onDragStart: ({ active }) =>
      `Picked up ${what.toLowerCase()} '${nameOf(String(active.id))}'. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${what} '${nameOf(String(active.id))}' is over ${positionOf(String(over.id))}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${what} '${nameOf(String(active.id))}' moved to ${positionOf(String(over.id))}.`
        : `${what} '${nameOf(String(active.id))}' dropped.`,
    onDragCancel: ({ active }) =>
      `Moving ${what.toLowerCase()} '${nameOf(String(active.id))}' was cancelled.`,
  };
}

export const DRAG_INSTRUCTIONS = {
  draggable:
    'To move this item with the keyboard, press Space, then the arrow keys, then Space to drop it or Escape to cancel. The Move up and Move down buttons do the same.',
};
