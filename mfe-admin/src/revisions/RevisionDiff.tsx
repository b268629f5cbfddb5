import { useId } from 'react';
import type { DiffPart, FieldDiff, LessonDiff, RevisionDiff as Diff } from '@catalyst/contracts';
import { Badge, type BadgeTone, useStrings } from '@catalyst/web-kit';
import { consoleStrings, type ConsoleT } from '../i18n/console/en';
import styles from './RevisionDiff.module.css';

/** The form's own names for the fields a difference names (any other reads as its key, in words). */
const FIELD_LABELS = {
  title: 'revisions.field.title',
  description: 'revisions.field.description',
  content: 'revisions.field.content',
  category: 'revisions.field.category',
  creator: 'revisions.field.creator',
  type: 'revisions.field.type',
  difficulty: 'revisions.field.difficulty',
  duration: 'revisions.field.duration',
  thumbnail: 'revisions.field.thumbnail',
  videoUrl: 'revisions.field.videoUrl',
  mediaAssetId: 'revisions.field.mediaAssetId',
  tags: 'revisions.field.tags',
  price: 'revisions.field.price',
  instructor: 'revisions.field.instructor',
  slug: 'revisions.field.slug',
  kind: 'revisions.field.kind',
  durationSeconds: 'revisions.field.durationSeconds',
  isFreePreview: 'revisions.field.isFreePreview',
  body: 'revisions.field.body',
  section: 'revisions.field.section',
  position: 'revisions.field.position',
  quiz: 'revisions.field.quiz',
  resources: 'revisions.field.resources',
} as const;
const isNamed = (field: string): field is keyof typeof FIELD_LABELS => Object.hasOwn(FIELD_LABELS, field);
export const fieldLabel = (field: string, t: ConsoleT) =>
  isNamed(field)
    ? t(FIELD_LABELS[field])
    : field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

const CHANGE_LABELS = {
  added: { label: 'revisions.change.added', tone: 'success' },
  removed: { label: 'revisions.change.removed', tone: 'danger' },
  changed: { label: 'revisions.change.changed', tone: 'info' },
} as const satisfies Record<LessonDiff['change'], { label: string; tone: BadgeTone }>;

/** One field's text with what was removed struck through and what was added underlined, each also said in words. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  const t = useStrings(consoleStrings);
  return (
    <p className={styles.text}>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className={styles.added}>
            <span className="ck-visually-hidden">{t('revisions.diff.addedStart')}</span>
            {part.value}
            <span className="ck-visually-hidden">]</span>
          </ins>
        ) : part.removed ? (
          <del key={index} className={styles.removed}>
            <span className="ck-visually-hidden">{t('revisions.diff.removedStart')}</span>
            {part.value}
            <span className="ck-visually-hidden">]</span>
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

function FieldChanges({ fields }: { fields: FieldDiff[] }) {
  const t = useStrings(consoleStrings);
  return (
    <dl className={styles.changes}>
      {fields.map((field) => (
        <div key={field.field} className={styles.field} data-testid="field-diff">
          <dt className={styles.name}>{fieldLabel(field.field, t)}</dt>
          <dd>
            <DiffText parts={field.parts} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A draft's difference from the live product: each changed field, then each added, removed or changed lesson. */
export function RevisionDiff({ diff }: { diff: Diff }) {
  const fieldsId = useId();
  const lessonsId = useId();
  const t = useStrings(consoleStrings);
  return (
    <>
      <p className={styles.legend}>
        <span>
          <del className={styles.removed}>{t('revisions.diff.struck')}</del> {t('revisions.diff.isRemoved')}
        </span>
        <span>
          <ins className={styles.added}>{t('revisions.diff.underlined')}</ins> {t('revisions.diff.isAdded')}
        </span>
      </p>
      <section aria-labelledby={fieldsId}>
        <h2 id={fieldsId}>{t('revisions.diff.fields')}</h2>
        {diff.fields.length === 0 ? (
          <p>{t('revisions.diff.noField')}</p>
        ) : (
          <FieldChanges fields={diff.fields} />
        )}
      </section>
      <section aria-labelledby={lessonsId}>
        <h2 id={lessonsId}>{t('revisions.diff.lessons')}</h2>
        {diff.lessons.length === 0 ? (
          <p>{t('revisions.diff.noLesson')}</p>
        ) : (
          <ul className={styles.lessons}>
            {diff.lessons.map((lesson) => (
              <li key={lesson.lessonId} className={styles.lesson} data-testid="lesson-diff">
                <h3 className={styles.lessonHeading}>
                  <Badge tone={CHANGE_LABELS[lesson.change].tone}>
                    {t(CHANGE_LABELS[lesson.change].label)}
                  </Badge>
                  <span>{lesson.title}</span>
                </h3>
                {lesson.fields.length > 0 ? <FieldChanges fields={lesson.fields} /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
