import { Button, currentLanguage, formatFileSize, formatPercent, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Media.module.css';
import type { UploadState } from './useUpload';

const percent = (part: number, whole: number) => (whole > 0 ? Math.floor((part / whole) * 100) : 0);
/**
 * '1.2 GB', '3.4 MB', '87 KB' (a small PDF is not '0.1 MB'). English keeps its one decimal in MB and GB (the
 * media journey reads the size so); another language is web-kit's formatFileSize ('3,4 MB').
 */
export const formatSize = (bytes: number) =>
  currentLanguage() !== 'en'
    ? formatFileSize(bytes)
    : bytes >= 1024 ** 3
      ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
      : bytes >= 1024 ** 2
        ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
        : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** An upload's bar while the bytes go (resuming after a network drop) with a way to cancel, or why it failed. */
export function UploadProgress({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const t = useStrings(adminStrings);
  if (state.phase === 'uploading') {
    return (
      <div className={styles.progressRow}>
        <progress max={100} value={percent(state.sent, state.total)} aria-label={t('media.uploadProgress')} />
        <span role="status">
          {t(
            state.retrying ? 'media.connectionLost' : state.resumed ? 'media.resuming' : 'media.uploadingOf',
            {
              percent: formatPercent(percent(state.sent, state.total)),
              size: formatSize(state.total),
            },
          )}
        </span>
        <Button variant="secondary" onClick={onCancel}>
          {t('media.cancelUpload')}
        </Button>
      </div>
    );
  }
  if (state.phase === 'failed') {
    return (
      <p className={styles.error} role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}
