import { useCallback, useEffect, useId } from 'react';
import { MEDIA_MESSAGES, type MediaAsset } from '@catalyst/contracts';
import { api, Button, formatPercent, useApiData, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Media.module.css';
import { formatSize, UploadProgress } from './UploadProgress';
import { useUpload } from './useUpload';

/**
 * The product form's video upload: a real progress bar while the bytes go (resuming after a network drop),
 * then the processing percent, then the poster. The video URL field beside it stays for external links.
 */
export function VideoUploadField({
  assetId,
  onChange,
  onAsset,
}: {
  assetId: string;
  onChange: (assetId: string) => void;
  onAsset?: (asset: MediaAsset) => void;
}) {
  const t = useStrings(adminStrings);
  const id = useId();
  const { state, start, cancel } = useUpload(
    useCallback((uploaded: string) => onChange(uploaded), [onChange]),
  );
  const asset = useApiData(api.asset.getAsset, assetId ? { params: { id: assetId } } : null);
  const status = asset.data?.status;
  // Processing is followed every two seconds until the asset is ready or failed.
  useEffect(() => {
    if (status !== 'processing' && status !== 'uploading') return;
    const timer = setTimeout(asset.reload, 2_000);
    return () => clearTimeout(timer);
  }, [status, asset.data, asset.reload]);
  // Whoever shows the video learns its facts as they arrive (a lesson takes its length once processed).
  useEffect(() => {
    if (asset.data) onAsset?.(asset.data);
  }, [asset.data, onAsset]);

  return (
    <div className={styles.upload} data-testid="video-upload">
      <label className={styles.label} htmlFor={id}>
        {t('media.videoUpload')}
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
        {t('media.videoHint')}
      </p>

      <UploadProgress state={state} onCancel={cancel} />

      {assetId && asset.data ? (
        <div className={styles.asset} data-testid="uploaded-asset">
          {asset.data.posterUrl ? (
            <img
              className={styles.poster}
              src={asset.data.posterUrl}
              alt={t('media.posterOf', { name: asset.data.originalName })}
              width={160}
              height={90}
            />
          ) : null}
          <div>
            <strong>{asset.data.originalName}</strong> · {formatSize(asset.data.size)}
            <p role="status" data-testid="asset-status">
              {status === 'processing'
                ? t('media.processingColon', { percent: formatPercent(asset.data.progress) })
                : null}
              {status === 'ready'
                ? asset.data.renditions.length
                  ? t('media.readyWith', {
                      heights: asset.data.renditions.map((r) => `${r.height}p`).join(', '),
                    })
                  : t('media.ready')
                : null}
              {status === 'failed'
                ? t('media.failed', { reason: asset.data.reason ?? t('media.unknownReason') })
                : null}
              {status === 'uploading' ? t('media.notFinished') : null}
            </p>
          </div>
          <Button variant="secondary" onClick={() => onChange('')}>
            {t('media.removeVideo')}
          </Button>
        </div>
      ) : null}
      {assetId && asset.error ? (
        <p className={styles.error}>{asset.error.message || MEDIA_MESSAGES.notFound}</p>
      ) : null}
    </div>
  );
}
