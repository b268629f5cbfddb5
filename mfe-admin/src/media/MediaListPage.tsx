import { useEffect, useState } from 'react';
import type { AdminMediaAsset } from '@catalyst/contracts';
import {
  api,
  Button,
  ErrorScreen,
  pageCount,
  Pager,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import { formatSize } from './UploadProgress';
import styles from './Media.module.css';

const statusText = (asset: AdminMediaAsset) =>
  asset.reprocessing
    ? `Ready · processing again ${asset.progress}%`
    : asset.outdated
      ? 'Ready · older encode'
      : asset.status === 'processing'
        ? `Processing ${asset.progress}%`
        : asset.status === 'uploading'
          ? `Uploading ${Math.floor((asset.received / Math.max(1, asset.size)) * 100)}%`
          : asset.status === 'failed'
            ? `Failed: ${asset.reason ?? ''}`
            : 'Ready';

/**
 * /admin/media: every uploaded asset with its status and the products that use it; retry a failure, process
 * a ready video again (an older encode, brought to the current ladder while it keeps playing), delete what
 * nothing uses.
 */
export function MediaListPage() {
  useDocumentTitle('Media');
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

  if (list.isLoading && !list.data) return <Spinner message="Loading media..." />;
  if (list.error && !list.data) return <ErrorScreen message="Failed to load media" onRetry={list.reload} />;
  const data = list.data!;

  return (
    <section>
      <h1>Media</h1>
      <p>Videos, images and files uploaded from the product form. A video streams once it is ready.</p>
      {data.outdated > 0 ? (
        <p>
          {data.outdated === 1 ? '1 video was' : `${data.outdated} videos were`} encoded before the current
          quality ladder; processed again, they take less data for the same picture.{' '}
          <Button
            variant="secondary"
            onClick={() =>
              void act(
                () => api.asset.reprocessOutdated({}),
                ({ queued }) =>
                  queued === 0
                    ? 'Every video is up to date'
                    : `Processing ${queued} ${queued === 1 ? 'video' : 'videos'} again; each keeps playing meanwhile`,
              )
            }
          >
            Process older videos again
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
        <p>No media yet. Upload a video from a product&apos;s form.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Preview</th>
              <th scope="col">File</th>
              <th scope="col">Status</th>
              <th scope="col">Used by</th>
              <th scope="col">Actions</th>
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
                  {asset.kind} · {formatSize(asset.size)}
                  {asset.durationSeconds ? ` · ${Math.round(asset.durationSeconds)} s` : ''}
                  {asset.renditions.length
                    ? ` · ${asset.renditions.map((r) => `${r.height}p`).join(', ')}`
                    : ''}
                </td>
                <td>{statusText(asset)}</td>
                <td>
                  {asset.usage.length ? asset.usage.map((product) => product.title).join(', ') : 'Not used'}
                </td>
                <td className={styles.actions}>
                  {asset.status === 'failed' ? (
                    <Button
                      variant="secondary"
                      onClick={() =>
                        void act(
                          () => api.asset.retryAsset({ params: { id: asset.id } }),
                          `Processing ${asset.originalName} again`,
                        )
                      }
                    >
                      Retry
                    </Button>
                  ) : null}
                  {asset.status === 'ready' && asset.kind === 'video' && !asset.reprocessing ? (
                    <Button
                      variant="secondary"
                      title="Encode it again with the current quality ladder; it keeps playing meanwhile"
                      onClick={() =>
                        void act(
                          () => api.asset.reprocessAsset({ params: { id: asset.id } }),
                          `Processing ${asset.originalName} again; it keeps playing meanwhile`,
                        )
                      }
                    >
                      Process again
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    disabled={asset.usage.length > 0}
                    title={asset.usage.length > 0 ? 'Used by products: remove it from them first' : undefined}
                    onClick={() =>
                      void act(
                        () => api.asset.deleteAsset({ params: { id: asset.id } }),
                        `${asset.originalName} deleted`,
                      )
                    }
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Media pages" page={page} pages={pageCount(data)} onPage={setPage} />
    </section>
  );
}
