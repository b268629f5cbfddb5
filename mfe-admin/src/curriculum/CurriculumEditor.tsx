import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from '@catalyst/web-kit/icons';
import { COURSE_MESSAGES } from '@catalyst/contracts';
import { Alert, Button, Spinner, useLeaveGuard, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import { ConfirmDialog } from '../common/ConfirmDialog';
import styles from './Curriculum.module.css';
import {
  addLesson,
  courseDurationOf,
  findLesson,
  formatLength,
  lessonCountOf,
  moveLesson,
  moveSection,
  newLesson,
  newSection,
  removeLesson,
  removeSection,
  updateLesson,
  updateSection,
} from './curriculumDraft';
import {
  dragAnnouncements,
  dragInstructions,
  lessonName,
  sectionName,
  useDragSensors,
  type EditorActions,
} from './editorActions';
import { SectionItem } from './SectionItem';
import { useCurriculumEditor } from './useCurriculumEditor';

/**
 * A course's curriculum on its product form: sections and lessons added, renamed, deleted and reordered (drag
 * and drop, or the Move buttons and the keyboard), each lesson's video or article and resources, the course's
 * length as it is built, and one Save with the version it opened.
 */
export function CurriculumEditor({ productId }: { productId: string }) {
  const t = useStrings(consoleStrings);
  const editor = useCurriculumEditor(productId);
  // Leaving with unsaved changes (a link in the app, the tab, a reload) asks first.
  const leaveGuard = useLeaveGuard(editor.dirty);
  const { draft, edit, clearError, errors } = editor;
  const headingId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const sensors = useDragSensors();
  const [openLessons, setOpenLessons] = useState<ReadonlySet<string>>(new Set());
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Focus follows the item a control moved or made, once the change is on screen.
  const pendingFocus = useRef<string[] | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const requestFocus = useCallback((focusIds: string[]) => {
    pendingFocus.current = focusIds;
    setFocusTick((n) => n + 1);
  }, []);
  useEffect(() => {
    const ids = pendingFocus.current;
    if (!ids || !rootRef.current) return;
    pendingFocus.current = null;
    for (const id of ids) {
      const target = rootRef.current.querySelector<HTMLElement>(`[data-focus-id="${id}"]`);
      if (target && !target.hasAttribute('disabled')) {
        target.focus();
        return;
      }
    }
  }, [focusTick, draft]);

  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const sections = useMemo(() => draft?.sections ?? [], [draft]);

  // Stable, so an open lesson's upload keeps reaching its lesson.
  const changeLesson = useCallback<EditorActions['updateLesson']>(
    (key, patch) => edit((all) => updateLesson(all, key, patch)),
    [edit],
  );
  const changeResources = useCallback<EditorActions['changeResources']>(
    (key, change) =>
      edit((all) =>
        all.map((section) => ({
          ...section,
          lessons: section.lessons.map((lesson) =>
            lesson.key === key ? { ...lesson, resources: change(lesson.resources) } : lesson,
          ),
        })),
      ),
    [edit],
  );

  const actions: EditorActions = {
    sections,
    errors,
    isOpen: (key) => openLessons.has(key),
    toggleLesson: (key) =>
      setOpenLessons((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    renameSection: (key, title) => {
      edit((all) => updateSection(all, key, { title }));
      clearError(key, 'title');
    },
    moveSectionBy: (key, delta) => {
      const from = sections.findIndex((section) => section.key === key);
      const next = moveSection(sections, key, from + delta);
      edit((all) => moveSection(all, key, from + delta));
      const at = next.findIndex((section) => section.key === key);
      announce(
        t('curriculum.announce.sectionMoved', {
          name: sectionName(next[at]!),
          position: at + 1,
          count: next.length,
        }),
      );
      requestFocus(
        delta < 0
          ? [`${key}:up`, `${key}:down`, `${key}:handle`]
          : [`${key}:down`, `${key}:up`, `${key}:handle`],
      );
    },
    removeSection: (key) => {
      const section = sections.find((s) => s.key === key);
      if (!section) return;
      if (section.lessons.length > 0) setConfirmRemove(key);
      else deleteSection(key);
    },
    addLesson: (sectionKey) => {
      const lesson = newLesson('');
      edit((all) => addLesson(all, sectionKey, lesson));
      setOpenLessons((current) => new Set(current).add(lesson.key));
      const section = sections.find((s) => s.key === sectionKey);
      announce(t('curriculum.announce.lessonAdded', { name: section ? sectionName(section) : '' }));
      requestFocus([`${lesson.key}:title`]);
    },
    updateLesson: changeLesson,
    changeResources,
    moveLessonBy: (key, delta) => {
      const place = findLesson(sections, key);
      if (!place) return;
      placeLesson(key, place.section.key, place.lessonIndex + delta);
      requestFocus(
        delta < 0
          ? [`${key}:up`, `${key}:down`, `${key}:handle`]
          : [`${key}:down`, `${key}:up`, `${key}:handle`],
      );
    },
    moveLessonTo: (key, sectionKey, index) => {
      const target = sections.find((s) => s.key === sectionKey);
      if (!target) return;
      placeLesson(key, sectionKey, index ?? target.lessons.length);
      if (index === undefined) requestFocus([`${key}:move-to`, `${key}:handle`]);
    },
    removeLesson: (key) => {
      const place = findLesson(sections, key);
      if (!place) return;
      edit((all) => removeLesson(all, key));
      clearError(key);
      announce(t('curriculum.announce.lessonDeleted', { name: lessonName(place.lesson) }));
      requestFocus([`${place.section.key}:add-lesson`]);
    },
    clearError,
    requestFocus,
    announce,
  };

  /** Moves a lesson and says where it went ("Lesson 'X' moved to position 3 of 5 in 'Section'"). */
  function placeLesson(key: string, sectionKey: string, index: number) {
    const next = moveLesson(sections, key, sectionKey, index);
    edit((all) => moveLesson(all, key, sectionKey, index));
    const place = findLesson(next, key);
    if (place)
      announce(
        t('curriculum.announce.lessonMoved', {
          name: lessonName(place.lesson),
          position: place.lessonIndex + 1,
          count: place.section.lessons.length,
          section: sectionName(place.section),
        }),
      );
  }

  function deleteSection(key: string) {
    const section = sections.find((s) => s.key === key);
    edit((all) => removeSection(all, key));
    clearError(key);
    setConfirmRemove(null);
    if (section) announce(t('curriculum.announce.sectionDeleted', { name: sectionName(section) }));
    requestFocus(['add-section']);
  }

  function addSection() {
    const section = newSection('');
    edit((all) => [...all, section]);
    announce(t('curriculum.announce.sectionAdded', { number: sections.length + 1 }));
    requestFocus([`${section.key}:title`]);
  }

  async function save() {
    const withErrors = await editor.save();
    if (withErrors.length > 0) setOpenLessons((current) => new Set([...current, ...withErrors]));
  }

  function reload() {
    setOpenLessons(new Set());
    editor.reload();
  }

  if (!draft) {
    return (
      <section className={styles.editor} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {t('curriculum.title')}
        </h2>
        {editor.loadError ? (
          <Alert tone="danger">
            {editor.loadError}{' '}
            <Button variant="secondary" size="sm" onClick={editor.reload}>
              {t('curriculum.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <Spinner message={t('curriculum.loading')} />
        )}
      </section>
    );
  }

  const sectionKeys = sections.map((section) => section.key);
  const sectionNameOf = (key: string) =>
    sectionName(sections.find((section) => section.key === key) ?? { title: '' });
  const sectionPositionOf = (key: string) =>
    t('curriculum.position', { position: sectionKeys.indexOf(key) + 1, count: sectionKeys.length });
  const onSectionDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = sectionKeys.indexOf(String(over.id));
    edit((all) => moveSection(all, String(active.id), to));
  };
  const removing = confirmRemove ? sections.find((section) => section.key === confirmRemove) : undefined;
  const { problem } = editor;

  return (
    <section
      ref={rootRef}
      className={styles.editor}
      aria-labelledby={headingId}
      data-testid="curriculum-editor"
    >
      {leaveGuard}
      <h2 id={headingId} className={styles.heading}>
        {t('curriculum.title')}
      </h2>
      <ul className={styles.totals} aria-label={t('curriculum.totals')}>
        <li>
          <strong>{t('curriculum.sections', { count: sections.length })}</strong>
        </li>
        <li>
          <strong>{t('curriculum.lessons', { count: lessonCountOf(sections) })}</strong>
        </li>
        <li data-testid="curriculum-total">
          {t('curriculum.totalDuration')} <strong>{formatLength(courseDurationOf(sections))}</strong>
        </li>
      </ul>
      <p className={styles.intro}>{t('curriculum.intro')}</p>

      {editor.notice ? <Alert tone="success">{editor.notice}</Alert> : null}
      {editor.loadError ? <Alert tone="danger">{editor.loadError}</Alert> : null}
      {problem?.kind === 'conflict' ? (
        <Alert tone="danger" title={t('curriculum.notSaved')} reveal>
          <p>{COURSE_MESSAGES.versionConflict}</p>
          <Button variant="secondary" onClick={reload}>
            {t('curriculum.reload')}
          </Button>
        </Alert>
      ) : null}
      {problem?.kind === 'invalid' ? (
        <Alert tone="danger" reveal>
          <p>{problem.message}</p>
          {problem.details.length > 0 ? (
            <ul>
              {problem.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {problem?.kind === 'failed' ? (
        <Alert tone="danger" reveal>
          {problem.message}
        </Alert>
      ) : null}

      {sections.length === 0 ? <p>{t('curriculum.noSections')}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onSectionDragEnd}
        accessibility={{
          announcements: dragAnnouncements('Section', sectionNameOf, sectionPositionOf),
          screenReaderInstructions: dragInstructions(),
        }}
      >
        <SortableContext items={sectionKeys} strategy={verticalListSortingStrategy}>
          {sections.length > 0 ? (
            <ol className={styles.sections} aria-label={t('curriculum.sectionsLabel')}>
              {sections.map((section, index) => (
                <SectionItem key={section.key} section={section} index={index} actions={actions} />
              ))}
            </ol>
          ) : null}
        </SortableContext>
      </DndContext>

      <div className={styles.footer}>
        <Button variant="secondary" data-focus-id="add-section" onClick={addSection}>
          <Plus size={16} aria-hidden="true" /> {t('curriculum.addSection')}
        </Button>
        <span className={styles.state}>
          {t(editor.dirty ? 'curriculum.unsaved' : 'curriculum.noUnsaved')}
        </span>
        <Button onClick={() => void save()} loading={editor.saving}>
          {t('curriculum.save')}
        </Button>
      </div>
      <p className="ck-visually-hidden" role="status" aria-live="polite" data-testid="curriculum-announcer">
        {announcement}
      </p>

      <ConfirmDialog
        open={removing !== undefined}
        title={t('curriculum.deleteSection')}
        message={
          removing
            ? t('curriculum.deleteSectionQuestion', {
                name: sectionName(removing),
                lessons: t('curriculum.lessons', { count: removing.lessons.length }),
              })
            : ''
        }
        onConfirm={() => confirmRemove && deleteSection(confirmRemove)}
        onCancel={() => setConfirmRemove(null)}
      />
    </section>
  );
}

export default CurriculumEditor;
