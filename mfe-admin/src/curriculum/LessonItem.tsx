import { useCallback } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from '@catalyst/web-kit/icons';
import { Button, useStrings } from '@catalyst/web-kit';
import { consoleStrings, type ConsoleT } from '../i18n/console/en';
import styles from './Curriculum.module.css';
import {
  formatLength,
  lessonDurationOf,
  lessonItemKeys,
  type DraftLesson,
  type DraftResource,
  type DraftSection,
} from './curriculumDraft';
import { LESSON_KIND_NAMES, lessonName, sectionName, type EditorActions } from './editorActions';
import { LessonEditor } from './LessonEditor';

function summaryOf(lesson: DraftLesson, t: ConsoleT): string {
  const seconds = lessonDurationOf(lesson);
  const parts: string[] = [t(LESSON_KIND_NAMES[lesson.kind])];
  parts.push(
    seconds !== null && Number.isFinite(seconds) ? formatLength(seconds) : t('curriculum.lesson.noDuration'),
  );
  if (lesson.kind === 'quiz')
    parts.push(t('curriculum.lesson.questions', { count: lesson.quiz.questions.length }));
  if (lesson.isFreePreview) parts.push(t('curriculum.lesson.freePreview'));
  if (lesson.resources.length > 0)
    parts.push(t('curriculum.lesson.resources', { count: lesson.resources.length }));
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
  const t = useStrings(consoleStrings);
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
  const forLesson = (action: string) => t('curriculum.lesson.control', { action, name });

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
          aria-label={forLesson(t('curriculum.drag'))}
          data-focus-id={`${lesson.key}:handle`}
        >
          <GripVertical size={18} aria-hidden="true" />
        </button>
        <div className={styles.titles}>
          <h4 id={headingId} className={styles.itemTitle}>
            {name}
          </h4>
          <span className={styles.meta}>{summaryOf(lesson, t)}</span>
          {hasErrors && !open ? (
            <span className={styles.invalidMark}>{t('curriculum.lesson.needsAttention')}</span>
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
          aria-label={forLesson(t(open ? 'curriculum.close' : 'curriculum.edit'))}
          onClick={() => actions.toggleLesson(lesson.key)}
        >
          {t(open ? 'curriculum.close' : 'curriculum.edit')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={index === 0}
          data-focus-id={`${lesson.key}:up`}
          aria-label={forLesson(t('curriculum.moveUp'))}
          onClick={() => actions.moveLessonBy(lesson.key, -1)}
        >
          <ArrowUp size={16} aria-hidden="true" /> {t('curriculum.moveUp')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={index === section.lessons.length - 1}
          data-focus-id={`${lesson.key}:down`}
          aria-label={forLesson(t('curriculum.moveDown'))}
          onClick={() => actions.moveLessonBy(lesson.key, 1)}
        >
          <ArrowDown size={16} aria-hidden="true" /> {t('curriculum.moveDown')}
        </Button>
        {otherSections.length > 0 ? (
          <select
            className={styles.moveSelect}
            aria-label={forLesson(t('curriculum.lesson.moveTo'))}
            value=""
            data-focus-id={`${lesson.key}:move-to`}
            onChange={(event) => {
              if (event.target.value) actions.moveLessonTo(lesson.key, event.target.value);
            }}
          >
            <option value="">{t('curriculum.lesson.moveToChoice')}</option>
            {otherSections.map((s) => (
              <option key={s.key} value={s.key}>
                {t('curriculum.section.heading', {
                  number: actions.sections.indexOf(s) + 1,
                  name: sectionName(s),
                })}
              </option>
            ))}
          </select>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          aria-label={forLesson(t('curriculum.delete'))}
          onClick={() => actions.removeLesson(lesson.key)}
        >
          <Trash2 size={16} aria-hidden="true" /> {t('curriculum.delete')}
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
