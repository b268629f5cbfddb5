import { useId } from 'react';
import type { DiffPart, FieldDiff, LessonDiff, RevisionDiff as Diff } from '@catalyst/contracts';
import { Badge, type BadgeTone } from '@catalyst/web-kit';
import styles from './RevisionDiff.module.css';

/** The form's own names for the fields a difference names (any other reads as its key, in words). */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  content: 'Content',
  category: 'Category',
  creator: 'Creator',
  type: 'Type',
  difficulty: 'Difficulty',
  duration: 'Duration (minutes)',
  thumbnail: 'Thumbnail URL',
  videoUrl: 'Video URL',
  mediaAssetId: 'Video upload',
  tags: 'Tags',
  price: 'Price (USD)',
  instructor: 'Instructor',
  slug: 'Slug',
  kind: 'Kind',
  durationSeconds: 'Duration (seconds)',
  isFreePreview: 'Free preview',
  body: 'Article (HTML)',
  section: 'Section',
  position: 'Position',
  quiz: 'Quiz',
  resources: 'Resources',
};
export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ??
  field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

const CHANGE_LABELS: Record<LessonDiff['change'], { label: string; tone: BadgeTone }> = {
  added: { label: 'Added', tone: 'success' },
  removed: { label: 'Removed', tone: 'danger' },
  changed: { label: 'Changed', tone: 'info' },
};

/** One field's text with what was removed struck through and what was added underlined, each also said in words. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <p className={styles.text}>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className={styles.added}>
            <span className="ck-visually-hidden">[added: </span>
            {part.value}
            <span className="ck-visually-hidden">]</span>
          </ins>
        ) : part.removed ? (
          <del key={index} className={styles.removed}>
            <span className="ck-visually-hidden">[removed: </span>
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
  return (
    <dl className={styles.changes}>
      {fields.map((field) => (
        <div key={field.field} className={styles.field} data-testid="field-diff">
          <dt className={styles.name}>{fieldLabel(field.field)}</dt>
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
  return (
    <>
      <p className={styles.legend}>
        <span>
          <del className={styles.removed}>Struck-through text</del> is removed
        </span>
        <span>
          <ins className={styles.added}>underlined text</ins> is added
        </span>
      </p>
      <section aria-labelledby={fieldsId}>
        <h2 id={fieldsId}>Product fields</h2>
        {diff.fields.length === 0 ? <p>No product field changed.</p> : <FieldChanges fields={diff.fields} />}
      </section>
      <section aria-labelledby={lessonsId}>
        <h2 id={lessonsId}>Lessons</h2>
        {diff.lessons.length === 0 ? (
          <p>No lesson changed.</p>
        ) : (
          <ul className={styles.lessons}>
            {diff.lessons.map((lesson) => (
              <li key={lesson.lessonId} className={styles.lesson} data-testid="lesson-diff">
                <h3 className={styles.lessonHeading}>
                  <Badge tone={CHANGE_LABELS[lesson.change].tone}>{CHANGE_LABELS[lesson.change].label}</Badge>
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
