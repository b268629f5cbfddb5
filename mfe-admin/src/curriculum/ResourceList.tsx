import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from '@catalyst/web-kit/icons';
import { Button, TextField, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import mediaStyles from '../media/Media.module.css';
import { formatSize, UploadProgress } from '../media/UploadProgress';
import { useUpload } from '../media/useUpload';
import styles from './Curriculum.module.css';
import { moveItem, newResource, type DraftLesson, type DraftResource } from './curriculumDraft';
import { MediaPickerDialog } from './MediaPickerDialog';

/** What a learner may download: PDFs, zip archives and images (the media service refuses anything else). */
const RESOURCE_KINDS = ['document', 'archive', 'image'] as const;
const RESOURCE_ACCEPT = 'application/pdf,.pdf,application/zip,.zip,image/*';
const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '') || name;

export interface ResourceListProps {
  lesson: DraftLesson;
  errors: Record<string, string>;
  /** Changes the lesson's resources (as they are when the change applies: an upload ends later). */
  onChange: (change: (resources: DraftResource[]) => DraftResource[]) => void;
  clearError: (itemKey: string, field?: string) => void;
  /** Focuses the first of these controls that can take focus, after the change is shown. */
  requestFocus: (focusIds: string[]) => void;
  announce: (message: string) => void;
}

/** A lesson's downloadable files: added from the media library or uploaded, titled, reordered and removed. */
export function ResourceList({
  lesson,
  errors,
  onChange,
  clearError,
  requestFocus,
  announce,
}: ResourceListProps) {
  const t = useStrings(consoleStrings);
  const uploadId = useId();
  const [picking, setPicking] = useState(false);
  const { resources } = lesson;
  const add = (resource: DraftResource) => {
    onChange((current) => [...current, resource]);
    clearError(lesson.key, 'resources');
    requestFocus([`${resource.key}:title`]);
  };

  // The file being uploaded names the resource once its bytes are in.
  const upload = useUpload((assetId, file) => {
    add(
      newResource({
        title: titleFromFileName(file.name),
        mediaAssetId: assetId,
        fileName: file.name,
        mimeType: file.type,
        size: file.size,
      }),
    );
    announce(t('curriculum.resource.uploaded', { name: file.name }));
  });

  const move = (index: number, delta: -1 | 1, resource: DraftResource) => {
    const next = moveItem(resources, index, index + delta);
    onChange((current) =>
      moveItem(
        current,
        current.findIndex((r) => r.key === resource.key),
        index + delta,
      ),
    );
    announce(
      t('curriculum.resource.moved', {
        name: resource.title || resource.fileName,
        position: next.indexOf(resource) + 1,
        count: next.length,
      }),
    );
    requestFocus(
      delta < 0
        ? [`${resource.key}:up`, `${resource.key}:down`]
        : [`${resource.key}:down`, `${resource.key}:up`],
    );
  };
  const remove = (resource: DraftResource) => {
    onChange((current) => current.filter((r) => r.key !== resource.key));
    clearError(resource.key);
    announce(t('curriculum.resource.removed', { name: resource.title || resource.fileName }));
    requestFocus([`${lesson.key}:add-resource`]);
  };

  return (
    <fieldset className={styles.group}>
      <legend>{t('curriculum.resource.legend')}</legend>
      {resources.length === 0 ? <p className={styles.intro}>{t('curriculum.resource.none')}</p> : null}
      {resources.length > 0 ? (
        <ol className={styles.resources}>
          {resources.map((resource, index) => (
            <li key={resource.key} className={styles.resource}>
              <TextField
                label={t('curriculum.resource.title')}
                value={resource.title}
                maxLength={200}
                error={errors[`${resource.key}.title`]}
                data-focus-id={`${resource.key}:title`}
                onChange={(event) => {
                  const title = event.target.value;
                  onChange((current) => current.map((r) => (r.key === resource.key ? { ...r, title } : r)));
                  clearError(resource.key, 'title');
                }}
              />
              <span className={styles.meta}>
                {resource.fileName} · {formatSize(resource.size)}
              </span>
              {errors[`${resource.key}.mediaAssetId`] ? (
                <p className={styles.error} role="alert">
                  {errors[`${resource.key}.mediaAssetId`]}
                </p>
              ) : null}
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === 0}
                  data-focus-id={`${resource.key}:up`}
                  aria-label={t('curriculum.resource.control', {
                    action: t('curriculum.moveUp'),
                    name: resource.title || resource.fileName,
                  })}
                  onClick={() => move(index, -1, resource)}
                >
                  <ArrowUp size={16} aria-hidden="true" /> {t('curriculum.moveUp')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === resources.length - 1}
                  data-focus-id={`${resource.key}:down`}
                  aria-label={t('curriculum.resource.control', {
                    action: t('curriculum.moveDown'),
                    name: resource.title || resource.fileName,
                  })}
                  onClick={() => move(index, 1, resource)}
                >
                  <ArrowDown size={16} aria-hidden="true" /> {t('curriculum.moveDown')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('curriculum.resource.control', {
                    action: t('curriculum.remove'),
                    name: resource.title || resource.fileName,
                  })}
                  onClick={() => remove(resource)}
                >
                  <Trash2 size={16} aria-hidden="true" /> {t('curriculum.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {errors[`${lesson.key}.resources`] ? (
        <p className={styles.error} role="alert">
          {errors[`${lesson.key}.resources`]}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          data-focus-id={`${lesson.key}:add-resource`}
          onClick={() => setPicking(true)}
        >
          {t('curriculum.resource.fromLibrary')}
        </Button>
      </div>
      <div className={mediaStyles.upload}>
        <label className={mediaStyles.label} htmlFor={uploadId}>
          {t('curriculum.resource.upload')}
        </label>
        <input
          id={uploadId}
          type="file"
          accept={RESOURCE_ACCEPT}
          className={mediaStyles.file}
          aria-describedby={`${uploadId}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void upload.start(file);
          }}
        />
        <p id={`${uploadId}-hint`} className={mediaStyles.hint}>
          {t('curriculum.resource.hint')}
        </p>
        <UploadProgress state={upload.state} onCancel={upload.cancel} />
      </div>
      {picking ? (
        <MediaPickerDialog
          open
          title={t('curriculum.resource.add')}
          kinds={RESOURCE_KINDS}
          onClose={() => setPicking(false)}
          onPick={(asset) => {
            setPicking(false);
            add(
              newResource({
                title: titleFromFileName(asset.originalName),
                mediaAssetId: asset.id,
                fileName: asset.originalName,
                mimeType: asset.mimeType,
                size: asset.size,
              }),
            );
          }}
        />
      ) : null}
    </fieldset>
  );
}
