import { BadgeCheck, CirclePlay, GraduationCap } from '@catalyst/web-kit/icons';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import {
  Button,
  formatPrice,
  openAuthDialog,
  useDocumentTitle,
  useSiteConfig,
  useNearView,
  useStrings,
} from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import { RemoteModule } from '../federation/RemoteModule';
import { SHELL_WIDGETS } from '../federation/widgets';
import { PlanOffer } from './PlanOffer';
import styles from './Pages.module.css';

/** The plan's sentence for each interval a plan may have (a new interval fails the typecheck until it has one). */
const PLAN_TEXT = { month: 'welcome.planTextMonth' } as const satisfies Record<
  typeof PREMIUM_PLAN.interval,
  string
>;

const FEATURES = [
  { icon: GraduationCap, title: 'welcome.learnTitle', text: 'welcome.learnText' },
  { icon: CirclePlay, title: 'welcome.resumeTitle', text: 'welcome.resumeText' },
  { icon: BadgeCheck, title: 'welcome.planTitle', text: PLAN_TEXT[PREMIUM_PLAN.interval] },
] as const;

const A_SCREEN_AWAY = '100% 0px';

/**
 * Renders its children once its place comes within a screen's height of the viewport: what sits below the
 * fold costs the first load nothing (never at first: the page's first paint is rendered ahead).
 */
function WhenNear({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  return <div ref={place}>{useNearView(place, true, A_SCREEN_AWAY) ? children : null}</div>;
}

/**
 * What anonymous visitors see at '/': a welcome message, a clear way to sign up, and below the plan the
 * courses popular with learners and new this week.
 */
export function WelcomePage() {
  const site = useSiteConfig();
  const t = useStrings(shellStrings);
  useDocumentTitle(t('welcome.documentTitle'));
  const plan = { plan: PREMIUM_PLAN.name, price: formatPrice(PREMIUM_PLAN.price) };
  return (
    <>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <p className={styles.kicker}>{site.tagline}</p>
        <h1 id="welcome-title">{t('welcome.title', { site: site.name })}</h1>
        <p className={styles.lead}>{t('welcome.lead')}</p>
        <div className={styles.heroActions}>
          <Button size="lg" className={styles.heroCta} onClick={() => openAuthDialog('register')}>
            {t('welcome.signUp')}
          </Button>
          <Link to="/browse" className={styles.heroLink}>
            {t('welcome.browse')}
          </Link>
          <Link to="/pricing" className={styles.heroLink}>
            {t('welcome.pricing')}
          </Link>
        </div>
        <p className={styles.heroNote}>
          {t('welcome.member')}{' '}
          <button type="button" className={styles.textButton} onClick={() => openAuthDialog('login')}>
            {t('welcome.login')}
          </button>
        </p>
      </section>
      <ul className={styles.features} aria-label={t('welcome.why', { site: site.name })}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              <feature.icon size={22} focusable="false" />
            </span>
            <h2>{t(feature.title)}</h2>
            <p>{t(feature.text, plan)}</p>
          </li>
        ))}
      </ul>
      {/* What Premium costs, before any sign-in; the Pricing page says more. */}
      <PlanOffer id="welcome-plan">
        <Button size="lg" onClick={() => openAuthDialog('register')}>
          {t('welcome.signUpPlan', plan)}
        </Button>
      </PlanOffer>
      {/* The dashboard's recommendation rows as a visitor gets them (popular and new), each saying why. */}
      <WhenNear>
        <div className={styles.section}>
          <RemoteModule {...SHELL_WIDGETS.recommendations} loading={null} />
        </div>
      </WhenNear>
    </>
  );
}
