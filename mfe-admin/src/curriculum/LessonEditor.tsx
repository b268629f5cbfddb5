import { useCallback, useRef, useState } from 'react';
import { LESSON_KINDS, type LessonKind, type MediaAsset } from '@catalyst/contracts';
import { Button, TextField, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import { CheckboxField, TextAreaField } from '../common/FormControls';
import { CaptionsUploadField } from '../media/CaptionsUploadField';
import { VideoUploadField } from '../media/VideoUploadField';
import { useProductEndpoints } from '../products/productEndpoints';
import styles from './Curriculum.module.css';
import { durationInputs, type DraftLesson, type DraftResource } from './curriculumDraft';
import { MediaPickerDialog } from './MediaPickerDialog';
import { LESSON_KIND_NAMES, lessonName } from './editorActions';
import { QuizBuilder } from './QuizBuilder';
import type { DraftQuiz } from './quizDraft';
import { ResourceList } from './ResourceList';

const DURATION_HINTS = {
  video: 'curriculum.duration.videoHint',
  article: 'curriculum.duration.articleHint',
  quiz: 'curriculum.duration.quizHint',
} as const satisfies Record<LessonKind, string>;
const VIDEO_KINDS = ['video'] as const;

export interface LessonEditorProps {
  id: string;
  lesson: DraftLesson;
  errors: Record<string, string>;
  onChange: (patch: Partial<Omit<DraftLesson, 'key' | 'resources'>>) => void;
  onResourcesChange: (change: (resources: DraftResource[]) => DraftResource[]) => void;
  clearError: (itemKey: string, field?: string) => void;
  requestFocus: (focusIds: string[]) => void;
  announce: (message: string) => void;
}

/** One lesson's fields: title, kind, duration, free preview, its video, article or quiz, and its resources. */
export function LessonEditor({
  id,
  lesson,
  errors,
  onChange,
  onResourcesChange,
  clearError,
  requestFocus,
  announce,
}: LessonEditorProps) {
  const t = useStrings(consoleStrings);
  const [picking, setPicking] = useState(false);
  const { captions } = useProductEndpoints();
  const error = (field: string) => errors[`${lesson.key}.${field}`];
  const change = (field: string, patch: Parameters<LessonEditorProps['onChange']>[0]) => {
    onChange(patch);
    clearError(lesson.key, field);
  };

  // A video chosen here gives the lesson its length (once known) unless the admin types one meanwhile.
  const lengthFrom = useRef<string | null>(null);
  const onAsset = useCallback(
    (asset: MediaAsset) => {
      if (asset.id !== lengthFrom.current || asset.durationSeconds === null) return;
      lengthFrom.current = null;
      onChange(durationInputs(asset.durationSeconds));
    },
    [onChange],
  );
  const setVideo = useCallback(
    (assetId: string) => {
      lengthFrom.current = assetId || null;
      onChange({ mediaAssetId: assetId });
      clearError(lesson.key, 'mediaAssetId');
    },
    [onChange, clearError, lesson.key],
  );
  const typeDuration = (patch: Pick<DraftLesson, 'minutes'> | Pick<DraftLesson, 'seconds'>) => {
    lengthFrom.current = null;
    change('durationSeconds', patch);
  };

  return (
    <div id={id} className={styles.panel}>
      <TextField
        label={t('curriculum.lesson.title')}
        value={lesson.title}
        maxLength={200}
        error={error('title')}
        data-focus-id={`${lesson.key}:title`}
        onChange={(event) => change('title', { title: event.target.value })}
        required
      />

      <fieldset className={styles.group}>
        <legend>{t('curriculum.lesson.kind')}</legend>
        <div className={styles.choices}>
          {LESSON_KINDS.map((kind) => (
            <label key={kind} className={styles.choice}>
              <input
                type="radio"
                name={`${lesson.key}-kind`}
                value={kind}
                checked={lesson.kind === kind}
                onChange={() => change('kind', { kind })}
              />
              <span>{t(LESSON_KIND_NAMES[kind])}</span>
            </label>
          ))}
        </div>
        {error('kind') ? (
          <p className={styles.error} role="alert">
            {error('kind')}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t('curriculum.duration')}</legend>
        <div className={styles.duration}>
          <TextField
            label={t('curriculum.duration.minutes')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={lesson.minutes}
            onChange={(event) => typeDuration({ minutes: event.target.value })}
          />
          <TextField
            label={t('curriculum.duration.seconds')}
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            step={1}
            value={lesson.seconds}
            onChange={(event) => typeDuration({ seconds: event.target.value })}
          />
        </div>
        <p className={styles.intro}>{t(DURATION_HINTS[lesson.kind])}</p>
        {error('durationSeconds') ? (
          <p className={styles.error} role="alert">
            {error('durationSeconds')}
          </p>
        ) : null}
      </fieldset>

      <div className={styles.group}>
        <CheckboxField
          label={t('curriculum.lesson.freePreviewField')}
          checked={lesson.isFreePreview}
          onChange={(checked) => change('isFreePreview', { isFreePreview: checked })}
        />
      </div>

      {lesson.kind === 'video' ? (
        <fieldset className={styles.group}>
          <legend>{t('curriculum.kind.video')}</legend>
          <VideoUploadField assetId={lesson.mediaAssetId} onChange={setVideo} onAsset={onAsset} />
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
              {t('curriculum.lesson.fromLibrary')}
            </Button>
          </div>
          {error('mediaAssetId') ? (
            <p className={styles.error} role="alert">
              {error('mediaAssetId')}
            </p>
          ) : null}
          <TextField
            label={t('revisions.field.videoUrl')}
            type="url"
            value={lesson.videoUrl}
            error={error('videoUrl')}
            hint={t('curriculum.lesson.videoUrlHint')}
            onChange={(event) => change('videoUrl', { videoUrl: event.target.value })}
          />
          {captions ? <CaptionsUploadField assetId={lesson.mediaAssetId} /> : null}
        </fieldset>
      ) : null}
      {lesson.kind === 'article' ? (
        <TextAreaField
          label={t('revisions.field.body')}
          code
          value={lesson.body}
          error={error('body')}
          hint={t('curriculum.lesson.articleHint')}
          onChange={(event) => change('body', { body: event.target.value })}
        />
      ) : null}
      {lesson.kind === 'quiz' ? (
        <QuizBuilder
          lessonKey={lesson.key}
          lessonName={lessonName(lesson)}
          quiz={lesson.quiz}
          errors={errors}
          onChange={(quiz: DraftQuiz) => onChange({ quiz })}
          clearError={clearError}
          requestFocus={requestFocus}
          announce={announce}
        />
      ) : null}

      <ResourceList
        lesson={lesson}
        errors={errors}
        onChange={onResourcesChange}
        clearError={clearError}
        requestFocus={requestFocus}
        announce={announce}
      />

      {picking ? (
        <MediaPickerDialog
          open
          title={t('curriculum.lesson.chooseVideo')}
          kinds={VIDEO_KINDS}
          onClose={() => setPicking(false)}
          onPick={(asset) => {
            setPicking(false);
            lengthFrom.current = null;
            onChange({
              mediaAssetId: asset.id,
              ...(asset.durationSeconds !== null ? durationInputs(asset.durationSeconds) : {}),
            });
            clearError(lesson.key, 'mediaAssetId');
            announce(t('curriculum.lesson.videoChosen', { name: asset.originalName }));
          }}
        />
      ) : null}
    </div>
  );
}
