import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  DOWNLOADS_PATH,
  NotAvailableOffline,
  Spinner,
  useDocumentTitle,
  useDownloads,
  useOfflineUser,
  useSavedCopy,
  useSession,
  useStrings,
  type DownloadItem,
} from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { NotesPanel } from '../notes/NotesPanel';
import { captionsLanguageOf } from '@catalyst/contracts/captions';
import { captionsLangOf } from '../player/playerKeys';
import { VideoPlayer, type VideoPlayerHandle } from '../player/VideoPlayer';
import { PRODUCT_PREFIX } from '../shell-routes';
import styles from './ProductPage.module.css';

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '');
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The download a product address names: the one saved from this very address, else the product's own
 * (`productKey` its _id) or, for a lesson address, that lesson of the course (filed as `<_id>:<lesson id>`,
 * its page under the same product key).
 */
export function savedItemFor(
  items: readonly DownloadItem[],
  { pathname, productKey, lessonId }: { pathname: string; productKey: string; lessonId: string | null },
): DownloadItem | undefined {
  const path = withoutTrailingSlash(decoded(pathname));
  return (
    items.find((item) => withoutTrailingSlash(item.pagePath) === path) ??
    items.find((item) =>
      lessonId === null
        ? item.id === item.productId && item.productId === productKey
        : item.id === `${item.productId}:${lessonId}` &&
          (item.productId === productKey || item.pagePath.startsWith(`${PRODUCT_PREFIX}${productKey}/`)),
    )
  );
}

/**
 * A product or lesson page offline, when the server's answer for it is not on this device (an app reopened
 * without a connection keeps no session's answers): the copy saved for offline watching plays, with its
 * title and the way to the other downloads; a page never saved says "Not available offline".
 */
export function OfflineCopyPage({ productKey, lessonId }: { productKey: string; lessonId: string | null }) {
  const t = useStrings(playerStrings);
  const { pathname } = useLocation();
  const { isAuthenticated } = useSession();
  const offlineUser = useOfflineUser();
  const { ready, items } = useDownloads();
  const item = savedItemFor(items, { pathname, productKey, lessonId });
  const copy = useSavedCopy(item?.id ?? '', item !== undefined);
  useDocumentTitle(item && copy.url ? item.title : undefined);
  const captionsUrl = useCaptionsFile(item?.captions);
  // the kept file says its language when its upload named one
  const captionsLanguage = item?.captions ? captionsLanguageOf(item.captions) : null;
  const player = useRef<VideoPlayerHandle>(null);
  const [matches, setMatches] = useState<number[]>([]);

  if (offlineUser.away && !offlineUser.loaded) return <Spinner message={t('common.loading')} />;
  // nobody's downloads on this device: nothing to look for
  if (!isAuthenticated && !offlineUser.user) return <NotAvailableOffline />;
  // the list is in the offline stores (loaded at once offline): the wait does not hold them back
  if (!ready || (item && !copy.settled))
    return <Spinner message={t('common.loading')} holdsFirstContent={false} />;
  // never saved, or a premium copy past its grace period (deleted as it was asked for)
  if (!item || !copy.url) return <NotAvailableOffline />;
  return (
    <article className={styles.page} data-testid="offline-copy">
      <header className={styles.header}>
        <h1 className={styles.title}>{item.title}</h1>
        <p className={styles.muted}>
          {t('product.offline')} <Link to={DOWNLOADS_PATH}>{t('product.allDownloads')}</Link>
        </p>
      </header>
      <VideoPlayer
        src={copy.url}
        title={item.title}
        captionsUrl={captionsUrl}
        captionsLanguage={captionsLanguage}
        handleRef={player}
        matches={matches}
      />
      {/* the captions saved with the copy: its transcript reads along offline too */}
      {captionsUrl ? (
        <NotesPanel
          notes={null}
          playerRef={player}
          transcript={{
            captionsUrl,
            // read as kept (the page may fetch nothing but its own origin: the player's track reads the address)
            captionsText: item.captions,
            lang: captionsLangOf(captionsLanguage),
            linkAt: (seconds) => `${window.location.origin}${item.pagePath}?t=${Math.floor(seconds)}`,
            onMatches: setMatches,
          }}
        />
      ) : null}
    </article>
  );
}

/** The captions kept with a saved copy, as an address the player and the transcript read (revoked when gone). */
function useCaptionsFile(text: string | undefined): string | null {
  const [url, setUrl] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    // each run makes its own address and revokes it when done (a remount makes another)
    const address = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
    let live = true;
    void Promise.resolve().then(() => live && setUrl({ text, url: address }));
    return () => {
      live = false;
      URL.revokeObjectURL(address);
    };
  }, [text]);
  return url && url.text === text ? url.url : null;
}
