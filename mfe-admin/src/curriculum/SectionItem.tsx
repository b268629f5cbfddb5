import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from '@catalyst/web-kit/icons';
import { Button, TextField, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import styles from './Curriculum.module.css';
import { formatLength, sectionDurationOf, type DraftSection } from './curriculumDraft';
import {
  dragAnnouncements,
  dragInstructions,
  lessonName,
  sectionName,
  useDragSensors,
  type EditorActions,
} from './editorActions';
import { LessonItem } from './LessonItem';

export interface SectionItemProps {
  section: DraftSection;
  index: number;
  actions: EditorActions;
}

/** A section: its title, its moves, and its lessons (reordered by drag and drop within it, or by their buttons). */
export function SectionItem({ section, index, actions }: SectionItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: section.key });
  const sensors = useDragSensors();
  const t = useStrings(consoleStrings);
  const name = sectionName(section);
  const count = actions.sections.length;
  /** Each control names its section (its visible word first, so speech input finds it by what it shows). */
  const forSection = (action: string) => t('curriculum.section.control', { action, name });
  const lessonKeys = section.lessons.map((lesson) => lesson.key);
  const lessonNameOf = (key: string) =>
    lessonName(section.lessons.find((lesson) => lesson.key === key) ?? { title: '' });
  const positionOf = (key: string) =>
    t('curriculum.section.position', {
      position: lessonKeys.indexOf(key) + 1,
      count: lessonKeys.length,
      name,
    });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    actions.moveLessonTo(String(active.id), section.key, lessonKeys.indexOf(String(over.id)));
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={[styles.section, isDragging ? styles.dragging : ''].filter(Boolean).join(' ')}
      data-testid="curriculum-section"
    >
      <div className={styles.itemHead}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={forSection(t('curriculum.drag'))}
          data-focus-id={`${section.key}:handle`}
        >
          <GripVertical size={18} aria-hidden="true" />
        </button>
        <div className={styles.titles}>
          <h3 className={styles.sectionTitle}>
            {t('curriculum.section.heading', { number: index + 1, name })}
          </h3>
          <span className={styles.meta}>
            {t('curriculum.lessons', { count: section.lessons.length })} ·{' '}
            {formatLength(sectionDurationOf(section))}
          </span>
        </div>
      </div>
      <TextField
        label={t('curriculum.section.title')}
        value={section.title}
        maxLength={200}
        error={actions.errors[`${section.key}.title`]}
        data-focus-id={`${section.key}:title`}
        onChange={(event) => actions.renameSection(section.key, event.target.value)}
        required
      />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          disabled={index === 0}
          data-focus-id={`${section.key}:up`}
          aria-label={forSection(t('curriculum.moveUp'))}
          onClick={() => actions.moveSectionBy(section.key, -1)}
        >
          <ArrowUp size={16} aria-hidden="true" /> {t('curriculum.moveUp')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={index === count - 1}
          data-focus-id={`${section.key}:down`}
          aria-label={forSection(t('curriculum.moveDown'))}
          onClick={() => actions.moveSectionBy(section.key, 1)}
        >
          <ArrowDown size={16} aria-hidden="true" /> {t('curriculum.moveDown')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={forSection(t('curriculum.delete'))}
          onClick={() => actions.removeSection(section.key)}
        >
          <Trash2 size={16} aria-hidden="true" /> {t('curriculum.delete')}
        </Button>
      </div>

      {section.lessons.length === 0 ? (
        <p className={styles.intro}>{t('curriculum.section.noLessons')}</p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: dragAnnouncements('Lesson', lessonNameOf, positionOf),
          screenReaderInstructions: dragInstructions(),
        }}
      >
        <SortableContext items={lessonKeys} strategy={verticalListSortingStrategy}>
          {section.lessons.length > 0 ? (
            <ol
              className={styles.lessons}
              aria-label={t('curriculum.section.lessonsOf', { number: index + 1, name })}
            >
              {section.lessons.map((lesson, lessonIndex) => (
                <LessonItem
                  key={lesson.key}
                  lesson={lesson}
                  index={lessonIndex}
                  section={section}
                  actions={actions}
                />
              ))}
            </ol>
          ) : null}
        </SortableContext>
      </DndContext>
      {actions.errors[`${section.key}.lessons`] ? (
        <p className={styles.error} role="alert">
          {actions.errors[`${section.key}.lessons`]}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          data-focus-id={`${section.key}:add-lesson`}
          aria-label={forSection(t('curriculum.addLesson'))}
          onClick={() => actions.addLesson(section.key)}
        >
          <Plus size={16} aria-hidden="true" /> {t('curriculum.addLesson')}
        </Button>
      </div>
    </li>
  );
}
