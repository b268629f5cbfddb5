import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LESSON_START_PARAM, lessonStartOf } from '@catalyst/contracts/search-terms';
import type { ProductDetail } from '@catalyst/contracts';
import {
  Badge,
  Button,
  ErrorScreen,
  formatProductLength,
  isApiRequestError,
  NotFound,
  RatingStars,
  Spinner,
  useConnection,
  useDocumentTitle,
  useDownloadedCopy,
  useLanguage,
  usePremiumRedirect,
  useSession,
  useStrings,
} from '@catalyst/web-kit';
import { Discussion, LiveSession } from '../community/sections';
import { afterLessonAnnouncement, UpNext, type AfterLesson } from '../course/UpNext';
import { NotesPanel } from '../notes/NotesPanel';
import { useBesideVideo } from '../notes/useBesideVideo';
import { useNotes } from '../notes/useNotes';
import { usePathNext } from '../paths/usePathNext';
import { autoPlayOf, playNextState, useCarriedFullScreen } from '../player/playNext';
import { useAutoplay } from '../player/useAutoplay';
import { VideoPlayer, type VideoPlayerHandle } from '../player/VideoPlayer';
import { captionsLangOf, captionsUrlFor } from '../player/playerKeys';
import { withLiveProgress } from '../progress/liveProgress';
import { useProductProgress } from '../progress/useProgress';
import { CourseProgressPanel, courseProgressPanelShown } from './CourseProgressPanel';
import { CreatorBlock } from './CreatorBlock';
import { DownloadButton } from './DownloadButton';
import { OfflineCopyPage } from './OfflineCopyPage';
import { ProductHeader } from './ProductHeader';
import { ProgressActions, progressActionsShown } from './ProgressActions';
import { RelatedProducts } from './RelatedProducts';
import { ProductReviews } from './reviews/ProductReviews';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { useProduct } from './useProduct';
import { useRenewedMedia } from './useMediaRenewal';
import { playerStrings } from '../i18n/en';
import styles from './ProductPage.module.css';

/** The server was not reached (offline, or it is down) and no kept answer stood in. */
export const notReached = (error: unknown) => isApiRequestError(error) && error.status === 0;

/**
 * /browse/premium/product/{slug, productId or _id}: the player, the product and the learner's progress.
 * The server decides who may open it (a free product opens for every signed-in user); its refusal sends
 * the learner to the plans page, saying why.
 */
export function ProductPage() {
  const t = useStrings(playerStrings);
  const { productSlug = '' } = useParams();
  const { data: product, isLoading, error, reload } = useProduct(productSlug);
  useDocumentTitle(product?.title ?? t('product.documentTitle'));
  const refused = usePremiumRedirect('course', error);

  if (isLoading) return <Spinner message={t('common.loading')} />;
  if (refused) return <Spinner message={t('common.loading')} />;
  // No such product is a permanent answer (no Retry); anything else may pass.
  if (isApiRequestError(error) && error.status === 404) return <NotFound message={t('product.notFound')} />;
  // Offline with no kept answer for it: the copy saved for offline watching, or "Not available offline".
  if (notReached(error)) return <OfflineCopyPage productKey={productSlug} lessonId={null} />;
  if (error || !product) return <ErrorScreen message={t('product.notFound')} onRetry={reload} />;
  // a new product remounts the view, so its player and progress start fresh (and the old one is saved)
  return <ProductView key={product._id} product={product} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const t = useStrings(playerStrings);
  const player = useRef<VideoPlayerHandle>(null);
  // Full screen fills the player's box, where Up next shows over the finished video.
  const theatre = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const autoplay = useAutoplay();
  useCarriedFullScreen(theatre, location.state);
  const progress = useProductProgress(product._id);
  const signed = useRenewedMedia(product);
  // Offline, a copy saved for offline watching plays instead (never once the plan has ended).
  const { offline } = useConnection();
  const savedCopy = useDownloadedCopy(product._id, offline);
  const videoUrl = savedCopy ?? signed.videoUrl;
  const stream = savedCopy ? null : signed.stream;
  // the learner's notes on the video, pinned to its seconds (a video without a file has none)
  const playable = !!(videoUrl || stream);
  const { isAuthenticated } = useSession();
  const notes = useNotes(product._id, null, playable && isAuthenticated);
  // Captions: an admin's upload (media's, with the stream's token), else the file beside the video (a demo
  // MP4's). The transcript reads the same file; its search marks the seek bar.
  const captionsUrl = signed.stream?.captionsUrl ?? captionsUrlFor(product.videoUrl);
  // an upload's language, as the admin or the file named it (the stream names none without captions: the demo
  // files beside the MP4s are English)
  const captionsLanguage = signed.stream?.captionsLanguage ?? null;
  const [matches, setMatches] = useState<number[]>([]);
  const askedStart = lessonStartOf(useSearchParams()[0]);
  // a plan that ended while the page was open
  usePremiumRedirect('course', progress.failure?.error);
  // The video ended: in a learning path, Up next counts down to the path's next item.
  const [ended, setEnded] = useState(false);
  const inPath = usePathNext(product._id, ended);
  const pathNext = inPath.next;
  const after: AfterLesson | null =
    ended && pathNext ? { kind: 'next', title: pathNext.item.title, path: pathNext.pathTitle } : null;

  // The learning tools (Notes, Transcript): beside the video where the page has a side column, else under it.
  const beside = useBesideVideo();
  // the same object while its parts are: the memoised learning tools render for none of the page's other updates
  const productPath = `/browse/premium/product/${product.slug ?? product._id}`;
  const transcript = useMemo(
    () =>
      captionsUrl
        ? {
            captionsUrl,
            lang: captionsLangOf(captionsLanguage),
            linkAt: (seconds: number) =>
              `${window.location.origin}${productPath}?${LESSON_START_PARAM}=${Math.floor(seconds)}`,
            onMatches: setMatches,
          }
        : null,
    [captionsUrl, captionsLanguage, productPath],
  );
  const tools =
    playable && (isAuthenticated || captionsUrl) ? (
      <Tools notes={isAuthenticated ? notes : null} playerRef={player} transcript={transcript} />
    ) : null;

  // The same functions on every render: the memoised actions under the player do not render again for them.
  const { markComplete: complete, reset: resetProgress } = progress;
  const markComplete = useCallback(() => void complete(player.current?.currentTime() ?? 0), [complete]);
  const reset = useCallback(async () => {
    if (await resetProgress()) player.current?.seekTo(0);
  }, [resetProgress]);
  const resetNow = useCallback(() => void reset(), [reset]);
  // Try again repeats what failed: the load of the saved progress, or the learner's Mark Complete / Reset.
  const tryAgain = () => {
    const action = progress.failure?.action;
    if (action === 'load') progress.reload();
    else if (action === 'complete') markComplete();
    else if (action === 'reset') void reset();
  };

  return (
    <article className={styles.page} data-testid="product-page">
      <ProductHeading product={product} />

      <div className={styles.layout}>
        <div className={styles.main}>
          {playable ? (
            <div ref={theatre} className={styles.theatre}>
              <div className={styles.stage}>
                <VideoPlayer
                  // a saved copy gets its own video element: the stream's player lets go of the old one
                  key={savedCopy ? 'saved-copy' : 'signed'}
                  handleRef={player}
                  src={videoUrl}
                  stream={stream}
                  poster={product.thumbnail}
                  title={product.title}
                  captionsUrl={captionsUrl}
                  captionsLanguage={captionsLanguage}
                  // a shared "at this second" link (a transcript passage's) starts there
                  startAt={askedStart ?? progress.resumeAt}
                  autoPlay={autoPlayOf(location.state)}
                  autoplayNext={inPath.named ? autoplay : undefined}
                  fullscreenRoot={theatre}
                  onDuration={progress.onDuration}
                  onTimeUpdate={(at, length) => {
                    if (ended) setEnded(false);
                    progress.onTimeUpdate(at, length);
                  }}
                  onPause={progress.onPause}
                  onSeeked={progress.onSeeked}
                  onEnded={(length) => {
                    progress.onEnded(length);
                    setEnded(true);
                  }}
                  marks={notes.items?.map((note) => note.seconds)}
                  matches={matches}
                />
                {after && pathNext ? (
                  <UpNext
                    after={after}
                    autoplay={autoplay.on}
                    onPlayNext={() => void navigate(pathNext.to, { state: playNextState() })}
                    onDismiss={() => setEnded(false)}
                  />
                ) : null}
                {/* in the stage, so full screen keeps it */}
                <p className="ck-visually-hidden" role="status">
                  {after ? afterLessonAnnouncement(after, autoplay.on) : ''}
                </p>
              </div>
            </div>
          ) : (
            <div className={styles.noVideo}>
              {product.thumbnail ? (
                <img src={product.thumbnail} alt="" />
              ) : (
                <span>{t('product.noVideo')}</span>
              )}
            </div>
          )}

          <Downloads
            id={product._id}
            productId={product._id}
            title={product.title}
            pagePath={productPath}
            videoUrl={signed.videoUrl}
            captionsUrl={captionsUrl}
            premium={product.price !== 0}
          />
          <Actions
            live={progress.live}
            busy={progress.busy}
            onMarkComplete={markComplete}
            onReset={resetNow}
            onRetrySave={progress.retrySave}
          />
          {progress.failure && !progress.premiumRequired ? (
            <div className={styles.error} role="alert" data-testid="progress-error">
              <p>{progress.failure.message}</p>
              <Button size="sm" variant="secondary" onClick={tryAgain} disabled={progress.busy}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : null}
          {beside ? null : tools}

          <ProductAbout product={product} />
        </div>

        <aside className={styles.side}>
          {beside ? tools : null}
          <CreatorBlock product={product} />
          {/* how far the learner is in what plays here (a document has nothing to play) */}
          {videoUrl || stream ? (
            <ProgressPanel live={progress.live} durationMinutes={product.duration} />
          ) : null}
          <Related products={product.related} />
        </aside>
      </div>
    </article>
  );
}

// What the page shows of the product alone, memoised: the page's own updates (the saved progress arriving, the
// notes, the player's state, a saved copy) re-render the player and its tools, not these (React renders a
// component's whole subtree again when its parent renders, unless the component is memoised).

/** The breadcrumb, title, badges, length and rating. */
const ProductHeading = memo(function ProductHeading({ product }: { product: ProductDetail }) {
  // the length is written in the page's language: a new language renders it again
  useLanguage();
  return (
    <ProductHeader
      product={product}
      meta={
        <>
          {product.duration ? <span>{formatProductLength(product)}</span> : null}
          <RatingStars average={product.ratingAverage} count={product.ratingCount} />
        </>
      }
    />
  );
});

/** Under the player: a webinar's live session, the description, content and tags, the reviews and the discussion. */
const ProductAbout = memo(function ProductAbout({ product }: { product: ProductDetail }) {
  const t = useStrings(playerStrings);
  return (
    <>
      {/* a webinar's live session (nothing when none is scheduled), from the community remote */}
      {product.type === 'webinar' ? <LiveSession productId={product._id} /> : null}

      <section className={styles.section} aria-labelledby="about-title">
        <h2 id="about-title">{t('product.description')}</h2>
        {/* the creator's words run in their own direction (an English description on an Arabic page) */}
        <p className={styles.description} dir="auto">
          {product.description}
        </p>
      </section>

      {product.content ? (
        <section className={styles.section} aria-labelledby="content-title">
          <h2 id="content-title">{t('product.content')}</h2>
          <SafeHtml html={product.content} className={styles.content} testId="product-content" />
        </section>
      ) : null}

      {product.tags.length > 0 ? (
        <section className={styles.section} aria-labelledby="tags-title">
          <h2 id="tags-title">{t('product.tags')}</h2>
          <ul className={styles.tags}>
            {product.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ProductReviews productId={product._id} />

      <Discussion productId={product._id} />
    </>
  );
});

const Related = memo(RelatedProducts);

// Under the player, each for its own answer: the saved progress renders the progress actions and figure, not the
// download button; the notes render neither (each answer is a commit of the page of its own). The progress
// actions and figure read the policy's state themselves: a time update renders them (when it changes what they
// show), not the page.
const Downloads = memo(DownloadButton);
const Actions = withLiveProgress(ProgressActions, progressActionsShown);
const ProgressPanel = withLiveProgress(CourseProgressPanel, courseProgressPanelShown);
// The learning tools render for their notes or transcript, not for the page's other updates.
const Tools = memo(NotesPanel);
