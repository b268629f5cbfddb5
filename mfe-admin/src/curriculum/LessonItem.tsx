import { useCallback } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from '@catalyst/web-kit/icons';
import { Button } from '@catalyst/web-kit';
import styles from './Curriculum.module.css';
import {
  formatLength,
  lessonDurationOf,
  lessonItemKeys,
  type DraftLesson,
  type DraftResource,
  type DraftSection,
} from './curriculumDraft';
import { lessonName, sectionName, type EditorActions } from './editorActions';
import { LessonEditor } from './LessonEditor';

const KIND_NAMES = { video: 'Video', article: 'Article', quiz: 'Quiz' } as const;

function summaryOf(lesson: DraftLesson): string {
  const seconds = lessonDurationOf(lesson);
  const parts: string[] = [KIND_NAMES[lesson.kind]];
  parts.push(seconds !== null && Number.isFinite(seconds) ? formatLength(seconds) : 'No duration');
  if (lesson.kind === 'quiz')
    parts.push(
      `${lesson.quiz.questions.length} ${lesson.quiz.questions.length === 1 ? 'question' : 'questions'}`,
    );
  if (lesson.isFreePreview) parts.push('Free preview');
  if (lesson.resources.length > 0)
    parts.push(`${lesson.resources.length} ${lesson.resources.length === 1 ? 'resource' : 'resources'}`);
  return parts.join(' · ');
}

export interface LessonItemProps {
  lesson: DraftLesson;
  index: number;
  section: DraftSection;
  actions: EditorActions;
}

/** A lesson in its section's list: its heading and summary, its moves, and its editor when open. */
export function LessonItem({ lesson, index, section, actions }: LessonItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: lesson.key });
  const { updateLesson, changeResources } = actions;
  const onChange = useCallback(
    (patch: Parameters<EditorActions['updateLesson']>[1]) => updateLesson(lesson.key, patch),
    [updateLesson, lesson.key],
  );
  const onResourcesChange = useCallback(
    (change: (resources: DraftResource[]) => DraftResource[]) => changeResources(lesson.key, change),
    [changeResources, lesson.key],
  );
  const open = actions.isOpen(lesson.key);
  const name = lessonName(lesson);
  const panelId = `lesson-panel-${lesson.key}`;
  const headingId = `lesson-heading-${lesson.key}`;
  const itemKeys = lessonItemKeys(lesson);
  const hasErrors = Object.keys(actions.errors).some((key) =>
    itemKeys.some((item) => key.startsWith(`${item}.`)),
  );
  const otherSections = actions.sections.filter((s) => s.key !== section.key);
  /** Each control names its lesson (its visible word first, so speech input finds it by what it shows). */
  const forLesson = (action: string) => `${action}: lesson ${name}`;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={[styles.lesson, isDragging ? styles.dragging : ''].filter(Boolean).join(' ')}
      data-testid="curriculum-lesson"
    >
      <div className={styles.itemHead}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={forLesson('Drag')}
          data-focus-id={`${lesson.key}:handle`}
        >
          <GripVertical size={18} aria-hidden="true" />
        </button>
        <div className={styles.titles}>
          <h4 id={headingId} className={styles.itemTitle}>
            {name}
          </h4>
          <span className={styles.meta}>{summaryOf(lesson)}</span>
          {hasErrors && !open ? (
            <span className={styles.invalidMark}>Needs attention: open it to see what</span>
          ) : null}
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          data-focus-id={`${lesson.key}:toggle`}
          aria-label={forLesson(open ? 'Close' : 'Edit')}
          onClick={() => actions.toggleLesson(lesson.key)}
        >
          {open ? 'Close' : 'Edit'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={index === 0}
          data-focus-id={`${lesson.key}:up`}
          aria-label={forLesson('Move up')}
          onClick={() => actions.moveLessonBy(lesson.key, -1)}
        >
          <ArrowUp size={16} aria-hidden="true" /> Move up
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={index === section.lessons.length - 1}
          data-focus-id={`${lesson.key}:down`}
          aria-label={forLesson('Move down')}
          onClick={() => actions.moveLessonBy(lesson.key, 1)}
        >
          <ArrowDown size={16} aria-hidden="true" /> Move down
        </Button>
        {otherSections.length > 0 ? (
          <select
            className={styles.moveSelect}
            aria-label={forLesson('Move to section')}
            value=""
            data-focus-id={`${lesson.key}:move-to`}
            onChange={(event) => {
              if (event.target.value) actions.moveLessonTo(lesson.key, event.target.value);
            }}
          >
            <option value="">Move to section…</option>
            {otherSections.map((s) => (
              <option key={s.key} value={s.key}>
                {`Section ${actions.sections.indexOf(s) + 1}: ${sectionName(s)}`}
              </option>
            ))}
          </select>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          aria-label={forLesson('Delete')}
          onClick={() => actions.removeLesson(lesson.key)}
        >
          <Trash2 size={16} aria-hidden="true" /> Delete
        </Button>
      </div>
      {open ? (
        <LessonEditor
          id={panelId}
          lesson={lesson}
          errors={actions.errors}
          onChange={onChange}
          onResourcesChange={onResourcesChange}
          clearError={actions.clearError}
          requestFocus={actions.requestFocus}
          announce={actions.announce}
        />
      ) : null}
    </li>
  );
}
