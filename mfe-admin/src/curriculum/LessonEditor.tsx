import { useCallback, useRef, useState } from 'react';
import { LESSON_KINDS, type LessonKind, type MediaAsset } from '@catalyst/contracts';
import { Button, TextField } from '@catalyst/web-kit';
import { CheckboxField, TextAreaField } from '../common/FormControls';
import { CaptionsUploadField } from '../media/CaptionsUploadField';
import { VideoUploadField } from '../media/VideoUploadField';
import { useProductEndpoints } from '../products/productEndpoints';
import styles from './Curriculum.module.css';
import { durationInputs, type DraftLesson, type DraftResource } from './curriculumDraft';
import { MediaPickerDialog } from './MediaPickerDialog';
import { lessonName } from './editorActions';
import { QuizBuilder } from './QuizBuilder';
import type { DraftQuiz } from './quizDraft';
import { ResourceList } from './ResourceList';

const KIND_LABELS: Record<LessonKind, string> = { video: 'Video', article: 'Article', quiz: 'Quiz' };
const DURATION_HINTS: Record<LessonKind, string> = {
  video: 'Filled in from the video’s length when you choose or upload one.',
  article: 'How long the lesson takes to read.',
  quiz: 'How long the quiz takes to answer.',
};
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
        label="Lesson title"
        value={lesson.title}
        maxLength={200}
        error={error('title')}
        data-focus-id={`${lesson.key}:title`}
        onChange={(event) => change('title', { title: event.target.value })}
        required
      />

      <fieldset className={styles.group}>
        <legend>Kind</legend>
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
              <span>{KIND_LABELS[kind]}</span>
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
        <legend>Duration</legend>
        <div className={styles.duration}>
          <TextField
            label="Minutes"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={lesson.minutes}
            onChange={(event) => typeDuration({ minutes: event.target.value })}
          />
          <TextField
            label="Seconds"
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            step={1}
            value={lesson.seconds}
            onChange={(event) => typeDuration({ seconds: event.target.value })}
          />
        </div>
        <p className={styles.intro}>{DURATION_HINTS[lesson.kind]}</p>
        {error('durationSeconds') ? (
          <p className={styles.error} role="alert">
            {error('durationSeconds')}
          </p>
        ) : null}
      </fieldset>

      <div className={styles.group}>
        <CheckboxField
          label="Free preview: anyone can open this lesson, visitors included"
          checked={lesson.isFreePreview}
          onChange={(checked) => change('isFreePreview', { isFreePreview: checked })}
        />
      </div>

      {lesson.kind === 'video' ? (
        <fieldset className={styles.group}>
          <legend>Video</legend>
          <VideoUploadField assetId={lesson.mediaAssetId} onChange={setVideo} onAsset={onAsset} />
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
              Choose from media library
            </Button>
          </div>
          {error('mediaAssetId') ? (
            <p className={styles.error} role="alert">
              {error('mediaAssetId')}
            </p>
          ) : null}
          <TextField
            label="Video URL"
            type="url"
            value={lesson.videoUrl}
            error={error('videoUrl')}
            hint="An external address or a path on this site; an uploaded video plays instead once it is ready."
            onChange={(event) => change('videoUrl', { videoUrl: event.target.value })}
          />
          {captions ? <CaptionsUploadField assetId={lesson.mediaAssetId} /> : null}
        </fieldset>
      ) : null}
      {lesson.kind === 'article' ? (
        <TextAreaField
          label="Article (HTML)"
          code
          value={lesson.body}
          error={error('body')}
          hint="Formatting, lists, links and images are kept; scripts and event handlers are removed on save."
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
          title="Choose a video"
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
            announce(`Video '${asset.originalName}' chosen`);
          }}
        />
      ) : null}
    </div>
  );
}
