import { useState } from 'react';
import { Button, downloads, KeptRoom, useConnection, useDownloads, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';

export interface DownloadButtonProps {
  /** What the download is filed under (a product's _id, or product:lesson). */
  id: string;
  productId: string;
  title: string;
  pagePath: string;
  /** The signed address the page plays; the button is hidden without one (a stream-only video). */
  videoUrl: string | null;
  /** The captions the page's player reads: saved with the video. */
  captionsUrl?: string | null;
  premium: boolean;
}

/** "Download for offline" on a lesson's page: saves the video for watching without a connection (Remove when saved). */
export function DownloadButton({
  id,
  productId,
  title,
  pagePath,
  videoUrl,
  captionsUrl,
  premium,
}: DownloadButtonProps) {
  const t = useStrings(playerStrings);
  const { items } = useDownloads();
  const { offline } = useConnection();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = items.some((item) => item.id === id);
  if (!videoUrl && !saved) return null;

  const save = async () => {
    if (!videoUrl) return;
    setBusy(true);
    setError(null);
    try {
      await downloads.save({ id, productId, title, pagePath, videoUrl, captionsUrl, premium });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="offline-download">
      {saved ? (
        <p role="status">
          {t('download.saved')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void downloads.remove(id)}>
            {t('download.remove')}
          </Button>
        </p>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          disabled={busy || offline}
          onClick={() => void save()}
        >
          {t('download.save')}
        </Button>
      )}
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}

/**
 * The button's room, kept while the lesson that decides it is still loading (the outline already says it is a
 * video): the row below does not move down when the button arrives.
 */
export function DownloadButtonRoom() {
  const t = useStrings(playerStrings);
  return (
    <KeptRoom
      shape={
        <Button size="sm" variant="secondary">
          {t('download.save')}
        </Button>
      }
    />
  );
}
