import { Pause, Play } from '@catalyst/web-kit/icons';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  api,
  buttonClassName,
  firstName,
  useApiData,
  useDocumentTitle,
  useSession,
  useSiteConfig,
  useStrings,
  useSubscription,
} from '@catalyst/web-kit';
import { shellPageStrings } from '../i18n/pages/en';
import { RemoteModule } from '../federation/RemoteModule';
import { SHELL_WIDGETS } from '../federation/widgets';
import styles from './Pages.module.css';
import { AssignedToYou } from './AssignedToYou';
import { YourPath } from './YourPath';

export const PROMO_VIDEO_URL = '/media/promo.mp4';

/** Whether the person asked their system for less motion (then nothing moves until they choose it). */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The promo loops silently; a visible button pauses it (moving content must be stoppable). For someone who asked
 * for reduced motion it starts paused, on its first frame, and plays only when they press Play.
 */
function PromoVideo() {
  const t = useStrings(shellPageStrings);
  const video = useRef<HTMLVideoElement>(null);
  const [still] = useState(prefersReducedMotion);
  const [paused, setPaused] = useState(still);
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  return (
    <div className={styles.promo}>
      <video
        ref={video}
        className={styles.promoVideo}
        src={PROMO_VIDEO_URL}
        width={960}
        height={400}
        autoPlay={!still}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={t('dashboard.promoLabel')}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      />
      <button type="button" className={styles.promoToggle} onClick={toggle} aria-pressed={paused}>
        {paused ? (
          <Play size={14} aria-hidden="true" focusable="false" />
        ) : (
          <Pause size={14} aria-hidden="true" focusable="false" />
        )}
        {paused ? t('dashboard.playVideo') : t('dashboard.pauseVideo')}
      </button>
    </div>
  );
}

/**
 * The lead for a learner coming back or a new one. Both are laid out in one place (the taller sets its height)
 * and only the one that applies is seen, so the hero keeps its height when the learner's progress answers after
 * the first paint (on a phone the longer text wrapped to one line more: everything below moved up 25 px).
 */
function Lead({ returning }: { returning: boolean }) {
  const t = useStrings(shellPageStrings);
  return (
    <p className={`${styles.lead} ${styles.overlaid}`}>
      <span className={returning ? undefined : styles.unseen} aria-hidden={!returning || undefined}>
        {t('dashboard.leadReturning')}
      </span>
      <span className={returning ? styles.unseen : undefined} aria-hidden={returning || undefined}>
        {t('dashboard.leadNew')}
      </span>
    </p>
  );
}

/**
 * What signed-in users see at '/': a hero, the promo video, Top Courses and the recommendation rows (catalog)
 * Continue watching (player) and Your path (the learning paths the learner follows).
 */
export default function DashboardPage() {
  const t = useStrings(shellPageStrings);
  const site = useSiteConfig();
  const { user } = useSession();
  const { hasSubscription, isLoading } = useSubscription();
  useDocumentTitle(t('dashboard.documentTitle'));
  // Someone who has watched something is coming back; a brand-new learner is welcomed and pointed at Browse.
  const started = useApiData(api.progress.recent, { query: { limit: 1 } });
  const returning = Array.isArray(started.data) && started.data.length > 0;
  return (
    <>
      <section className={`${styles.hero} ${styles.dashboardHero}`} aria-labelledby="dashboard-title">
        <div className={styles.heroText}>
          <p className={styles.kicker}>{site.tagline}</p>
          <h1 id="dashboard-title">
            {t(returning ? 'dashboard.welcomeBack' : 'dashboard.welcome', { name: firstName(user) })}
          </h1>
          <Lead returning={returning} />
          <div className={styles.heroActions}>
            <Link to="/browse" className={`${buttonClassName('primary', 'lg')} ${styles.heroCta}`}>
              {t('dashboard.browse')}
            </Link>
            {!isLoading && !hasSubscription ? (
              <Link to="/subscription" className={styles.heroLink}>
                {t('dashboard.goPremium')}
              </Link>
            ) : null}
          </div>
        </div>
        <PromoVideo />
      </section>
      <div className={styles.section}>
        {/* Top Courses shows its own loading state once its remote is there: a spinner of the shell's before it
            appeared and went again at the fold on a slow phone (a layout shift of 0.015, issue 62's CLS budget) */}
        <RemoteModule {...SHELL_WIDGETS.topCourses} loading={null} />
      </div>
      <div className={styles.section}>
        <RemoteModule {...SHELL_WIDGETS.recommendations} loading={null} />
      </div>
      <div className={styles.section}>
        {/* the installed app's Continue watching shortcut opens /#continue-watching */}
        <div id="continue-watching">
          <RemoteModule {...SHELL_WIDGETS.continueWatching} loading={null} />
        </div>
      </div>
      <AssignedToYou className={styles.section} />
      <YourPath className={styles.section} />
    </>
  );
}
