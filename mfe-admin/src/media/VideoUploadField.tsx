import { useCallback, useEffect, useId } from 'react';
import { MEDIA_MESSAGES } from '@catalyst/contracts';
import { api, Button, useApiData } from '@catalyst/web-kit';
import styles from './Media.module.css';
import { useUpload } from './useUpload';

const percent = (part: number, whole: number) => (whole > 0 ? Math.floor((part / whole) * 100) : 0);
export const formatSize = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`);

/**
 * The product form's video upload: a real progress bar while the bytes go (resuming after a network drop),
 * then the processing percent, then the poster. The video URL field beside it stays for external links.
 */
export function VideoUploadField({ assetId, onChange }: { assetId: string; onChange: (assetId: string) => void }) {
  const id = useId();
  const { state, start, cancel } = useUpload(useCallback((uploaded: string) => onChange(uploaded), [onChange]));
  const asset = useApiData(api.media.getAsset, assetId ? { params: { id: assetId } } : null);
  const status = asset.data?.status;
  // Processing is followed every two seconds until the asset is ready or failed.
  useEffect(() => {
    if (status !== 'processing' && status !== 'uploading') return;
    const timer = setTimeout(asset.reload, 2_000);
    return () => clearTimeout(timer);
  }, [status, asset.data, asset.reload]);

  return (
    <div className={styles.upload} data-testid="video-upload">
      <label className={styles.label} htmlFor={id}>
        Video upload
      </label>
      <input
        id={id}
        type="file"
        accept="video/*"
        className={styles.file}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void start(file);
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        Streamed adaptively (360p to 1080p) once processed; the Video URL plays until then. Choosing the same file again resumes an interrupted upload.
      </p>

      {state.phase === 'uploading' ? (
        <div className={styles.progressRow}>
          <progress max={100} value={percent(state.sent, state.total)} aria-label="Upload progress" />
          <span role="status">
            {state.retrying ? 'Connection lost, retrying… ' : state.resumed ? 'Resuming: ' : 'Uploading: '}
            {percent(state.sent, state.total)}% of {formatSize(state.total)}
          </span>
          <Button variant="secondary" onClick={cancel}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      {state.phase === 'failed' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : null}

      {assetId && asset.data ? (
        <div className={styles.asset} data-testid="uploaded-asset">
          {asset.data.posterUrl ? <img className={styles.poster} src={asset.data.posterUrl} alt={`Poster of ${asset.data.originalName}`} width={160} height={90} /> : null}
          <div>
            <strong>{asset.data.originalName}</strong> · {formatSize(asset.data.size)}
            <p role="status" data-testid="asset-status">
              {status === 'processing' ? `Processing: ${asset.data.progress}%` : null}
              {status === 'ready' ? `Ready${asset.data.renditions.length ? `: ${asset.data.renditions.map((r) => `${r.height}p`).join(', ')}` : ''}` : null}
              {status === 'failed' ? `Failed: ${asset.data.reason ?? 'unknown reason'}` : null}
              {status === 'uploading' ? 'Upload not finished' : null}
            </p>
          </div>
          <Button variant="secondary" onClick={() => onChange('')}>
            Remove video
          </Button>
        </div>
      ) : null}
      {assetId && asset.error ? <p className={styles.error}>{asset.error.message || MEDIA_MESSAGES.notFound}</p> : null}
    </div>
  );
}
