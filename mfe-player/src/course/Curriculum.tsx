import {
  CheckCircle2,
  ChevronRight,
  Circle,
  FileText,
  Lock,
  PlayCircle,
  type IconComponent,
} from '@catalyst/web-kit/icons';
import { memo, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LessonKind, LessonOutline, SectionOutline } from '@catalyst/contracts';
import {
  Badge,
  Button,
  formatSeconds,
  lessonPath,
  openAuthDialog,
  PLANS_PATH,
  plansPageState,
  useStrings,
} from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { useMediaQuery } from '../useMediaQuery';
import { canOpenLesson, lockedOfferOf, type CourseAccess } from './access';
import styles from './CoursePage.module.css';

const KIND_ICONS = {
  video: { icon: PlayCircle, label: 'curriculum.video' },
  article: { icon: FileText, label: 'curriculum.article' },
  quiz: { icon: FileText, label: 'curriculum.quiz' },
} as const satisfies Record<LessonKind, { icon: IconComponent; label: string }>;

/** Where the curriculum is a closed drawer until asked for (CoursePage.module.css's phone breakpoint). */
const DRAWER_QUERY = '(max-width: 960px)';
/** True on a phone, where the lessons are a drawer (false where the browser cannot say: they are shown). */
const useDrawer = (): boolean => useMediaQuery(DRAWER_QUERY, false);

/** A section's or course's total length as people read it ('45 s', '14 min', '1 h 5 min'). */
export const totalLength = (seconds: number): string => (seconds > 0 ? formatSeconds(seconds) : '');

export interface CurriculumProps {
  productKey: string;
  sections: readonly SectionOutline[];
  currentLessonId: string | null;
  /** Lessons the learner completed; null when no progress is kept (visitors, learners without the plan). */
  completed: ReadonlySet<string> | null;
  access: CourseAccess;
}

/**
 * The course's sections and lessons: collapsible sections with their progress, a checkmark on each
 * completed lesson, the current lesson marked, lengths, locks on what the viewer cannot open (which lead
 * to the plans, or to signing in) and free-preview badges. On a phone it is a drawer under the lesson.
 * (Memoised: the page renders again for each answer it gets; the list only when what it shows changes.)
 */
export const Curriculum = memo(function Curriculum({
  productKey,
  sections,
  currentLessonId,
  completed,
  access,
}: CurriculumProps) {
  const t = useStrings(playerStrings);
  const id = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A closed drawer's lessons are not rendered (they would not show): the first paint of a phone skips them.
  const drawer = useDrawer();
  const listed = drawerOpen || !drawer;
  const currentSection =
    sections.find((section) => section.lessons.some((lesson) => lesson.id === currentLessonId))?.id ?? null;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(currentSection ? [currentSection] : sections.slice(0, 1).map((s) => s.id)),
  );
  // the section of a lesson opened from elsewhere (Up next, back and forward) opens too
  const [openedSection, setOpenedSection] = useState(currentSection);
  if (currentSection !== openedSection) {
    setOpenedSection(currentSection);
    if (currentSection && !expanded.has(currentSection)) setExpanded(new Set(expanded).add(currentSection));
  }
  const toggle = (sectionId: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(sectionId)) next.add(sectionId);
      return next;
    });
  const lessonCount = sections.reduce((n, section) => n + section.lessons.length, 0);
  const doneCount = completed
    ? sections.reduce(
        (n, section) => n + section.lessons.filter((lesson) => completed.has(lesson.id)).length,
        0,
      )
    : null;

  return (
    <nav className={styles.curriculum} aria-labelledby={`${id}-title`} data-testid="curriculum">
      <div className={styles.curriculumHead}>
        <div>
          <h2 id={`${id}-title`}>{t('curriculum.title')}</h2>
          <p className={styles.curriculumFacts}>
            {doneCount !== null
              ? t('curriculum.done', { done: doneCount, count: lessonCount })
              : `${t('curriculum.sections', { count: sections.length })} · ${t('curriculum.lessons', { count: lessonCount })}`}
          </p>
        </div>
        {/* shown on a phone only (CSS): there the lessons are a drawer under the lesson */}
        <span className={styles.drawerToggle}>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={drawerOpen}
            aria-controls={`${id}-sections`}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            {t(drawerOpen ? 'curriculum.hide' : 'curriculum.show')}
          </Button>
        </span>
      </div>
      <ol id={`${id}-sections`} className={styles.sections} data-open={drawerOpen}>
        {sections.map((section) => {
          const open = expanded.has(section.id);
          const listId = `${id}-section-${section.id}`;
          const done = completed ? section.lessons.filter((lesson) => completed.has(lesson.id)).length : null;
          return (
            <li key={section.id} className={styles.section}>
              <h3 className={styles.sectionTitle}>
                <button
                  type="button"
                  className={styles.sectionToggle}
                  aria-expanded={open}
                  aria-controls={listId}
                  onClick={() => toggle(section.id)}
                >
                  <ChevronRight size={16} aria-hidden="true" focusable="false" />
                  <span className={styles.sectionName}>{section.title}</span>
                  <span className={styles.sectionMeta} data-testid="section-progress">
                    {done !== null ? (
                      <>
                        <span aria-hidden="true">
                          {done}/{section.lessons.length}
                        </span>
                        <span className="ck-visually-hidden">
                          {`, ${t('curriculum.done', { done, count: section.lessons.length })}`}
                        </span>
                      </>
                    ) : (
                      t('course.lessons', { count: section.lessons.length })
                    )}
                    {section.durationSeconds > 0 ? ` · ${totalLength(section.durationSeconds)}` : ''}
                  </span>
                </button>
              </h3>
              {open && listed ? (
                <ol id={listId} className={styles.lessons}>
                  {section.lessons.map((lesson) => (
                    <li key={lesson.id}>
                      <LessonItem
                        productKey={productKey}
                        lesson={lesson}
                        current={lesson.id === currentLessonId}
                        completed={completed?.has(lesson.id) ?? false}
                        access={access}
                      />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
});

function LessonItem({
  productKey,
  lesson,
  current,
  completed,
  access,
}: {
  productKey: string;
  lesson: LessonOutline;
  current: boolean;
  completed: boolean;
  access: CourseAccess;
}) {
  const t = useStrings(playerStrings);
  const open = canOpenLesson(lesson, access);
  const kind = KIND_ICONS[lesson.kind];
  const KindIcon = kind.icon;
  const content = (
    <>
      <span className={[styles.lessonState, completed ? styles.done : ''].join(' ')}>
        {!open ? (
          <span role="img" aria-label={t('curriculum.locked')}>
            <Lock size={18} aria-hidden="true" focusable="false" />
          </span>
        ) : completed ? (
          <span role="img" aria-label={t('progress.completed')}>
            <CheckCircle2 size={18} aria-hidden="true" focusable="false" />
          </span>
        ) : (
          <Circle size={18} aria-hidden="true" focusable="false" />
        )}
      </span>
      <span className={styles.lessonBody}>
        <span className={styles.lessonName}>{lesson.title}</span>
        <span className={styles.lessonFacts}>
          <span role="img" aria-label={t(kind.label)}>
            <KindIcon size={14} aria-hidden="true" focusable="false" />
          </span>
          {lesson.durationSeconds !== null ? <span>{formatSeconds(lesson.durationSeconds)}</span> : null}
          {lesson.isFreePreview ? <Badge tone="success">{t('curriculum.freePreview')}</Badge> : null}
        </span>
      </span>
    </>
  );
  const currentMark = current ? ('page' as const) : undefined;
  if (open) {
    return (
      <Link
        className={styles.lesson}
        to={lessonPath(productKey, lesson.id)}
        aria-current={currentMark}
        data-testid="lesson-link"
      >
        {content}
      </Link>
    );
  }
  if (lockedOfferOf(access) === 'sign-in') {
    return (
      <button
        type="button"
        className={styles.lesson}
        aria-current={currentMark}
        onClick={() => openAuthDialog('login')}
        data-testid="lesson-link"
      >
        {content}
      </button>
    );
  }
  return (
    <Link
      className={styles.lesson}
      to={PLANS_PATH}
      state={plansPageState('course')}
      aria-current={currentMark}
      data-testid="lesson-link"
    >
      {content}
    </Link>
  );
}
