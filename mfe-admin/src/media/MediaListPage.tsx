import { useEffect, useState } from 'react';
import type { AdminMediaAsset, MediaKind } from '@catalyst/contracts';
import {
  api,
  Button,
  ErrorScreen,
  formatPercent,
  formatSeconds,
  pageCount,
  Pager,
  Spinner,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { adminStrings, type AdminKey } from '../i18n/en';
import { formatSize } from './UploadProgress';
import styles from './Media.module.css';

const { t: text } = adminStrings;

const statusText = (asset: AdminMediaAsset) =>
  asset.reprocessing
    ? text('media.reprocessing', { percent: formatPercent(asset.progress) })
    : asset.outdated
      ? text('media.olderEncode')
      : asset.status === 'processing'
        ? text('media.processing', { percent: formatPercent(asset.progress) })
        : asset.status === 'uploading'
          ? text('media.uploading', {
              percent: formatPercent(Math.floor((asset.received / Math.max(1, asset.size)) * 100)),
            })
          : asset.status === 'failed'
            ? text('media.failed', { reason: asset.reason ?? '' })
            : text('media.ready');

const KIND_KEYS = {
  video: 'media.kind.video',
  image: 'media.kind.image',
  document: 'media.kind.document',
  archive: 'media.kind.archive',
} as const satisfies Record<MediaKind, AdminKey>;

/**
 * /admin/media: every uploaded asset with its status and the products that use it; retry a failure, process
 * a ready video again (an older encode, brought to the current ladder while it keeps playing), delete what
 * nothing uses.
 */
export function MediaListPage() {
  const t = useStrings(adminStrings);
  useDocumentTitle(t('media.title'));
  const [page, setPage] = useState(1);
  const list = useApiData(api.asset.listAssets, { query: { page, limit: 20 } });
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const busy = list.data?.items.some(
    (asset) => asset.status === 'processing' || asset.status === 'uploading' || asset.reprocessing,
  );
  // While anything processes, the list follows it.
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(list.reload, 3_000);
    return () => clearTimeout(timer);
  }, [busy, list.data, list.reload]);

  const act = async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
    try {
      const result = await work();
      setNotice({ tone: 'ok', text: typeof done === 'string' ? done : done(result) });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
    list.reload();
  };

  if (list.isLoading && !list.data) return <Spinner message={t('media.loading')} />;
  if (list.error && !list.data) return <ErrorScreen message={t('media.loadFailed')} onRetry={list.reload} />;
  const data = list.data!;

  return (
    <section>
      <h1>{t('media.title')}</h1>
      <p>{t('media.intro')}</p>
      {data.outdated > 0 ? (
        <p>
          {t('media.outdated', { count: data.outdated })}{' '}
          <Button
            variant="secondary"
            onClick={() =>
              void act(
                () => api.asset.reprocessOutdated({}),
                ({ queued }) => (queued === 0 ? t('media.upToDate') : t('media.queued', { count: queued })),
              )
            }
          >
            {t('media.reprocessOutdated')}
          </Button>
        </p>
      ) : null}
      {notice ? (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={notice.tone === 'error' ? styles.error : undefined}
        >
          {notice.text}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <p>{t('media.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('media.preview')}</th>
              <th scope="col">{t('media.file')}</th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col">{t('media.usedBy')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((asset) => (
              <tr key={asset.id} data-testid="media-row">
                <td>
                  {asset.posterUrl ? (
                    <img
                      className={styles.thumb}
                      src={asset.posterUrl}
                      alt=""
                      width={96}
                      height={54}
                      loading="lazy"
                    />
                  ) : null}
                </td>
                <td>
                  <strong>{asset.originalName}</strong>
                  <br />
                  {t(KIND_KEYS[asset.kind])} · {formatSize(asset.size)}
                  {asset.durationSeconds ? ` · ${formatSeconds(asset.durationSeconds)}` : ''}
                  {asset.renditions.length
                    ? ` · ${asset.renditions.map((r) => `${r.height}p`).join(', ')}`
                    : ''}
                </td>
                <td>{statusText(asset)}</td>
                <td>
                  {asset.usage.length
                    ? asset.usage.map((product) => product.title).join(', ')
                    : t('media.notUsed')}
                </td>
                <td className={styles.actions}>
                  {asset.status === 'failed' ? (
                    <Button
                      variant="secondary"
                      onClick={() =>
                        void act(
                          () => api.asset.retryAsset({ params: { id: asset.id } }),
                          t('media.retrying', { name: asset.originalName }),
                        )
                      }
                    >
                      {t('media.retry')}
                    </Button>
                  ) : null}
                  {asset.status === 'ready' && asset.kind === 'video' && !asset.reprocessing ? (
                    <Button
                      variant="secondary"
                      title={t('media.reprocessHint')}
                      onClick={() =>
                        void act(
                          () => api.asset.reprocessAsset({ params: { id: asset.id } }),
                          t('media.reprocessed', { name: asset.originalName }),
                        )
                      }
                    >
                      {t('media.reprocess')}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    disabled={asset.usage.length > 0}
                    title={asset.usage.length > 0 ? t('media.inUse') : undefined}
                    onClick={() =>
                      void act(
                        () => api.asset.deleteAsset({ params: { id: asset.id } }),
                        t('media.deleted', { name: asset.originalName }),
                      )
                    }
                  >
                    {t('common.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label={t('media.pages')} page={page} pages={pageCount(data)} onPage={setPage} />
    </section>
  );
}
