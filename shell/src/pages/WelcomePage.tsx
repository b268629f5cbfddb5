import { BadgeCheck, CirclePlay, GraduationCap } from '@catalyst/web-kit/icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { Button, formatPrice, openAuthDialog, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import { RemoteModule } from '../federation/RemoteModule';
import { SHELL_WIDGETS } from '../federation/widgets';
import { PlanOffer } from './PlanOffer';
import styles from './Pages.module.css';

const FEATURES = [
  {
    icon: GraduationCap,
    title: 'Learn from practitioners',
    text: 'Courses, tutorials, webinars and documents from creators who do the work every day.',
  },
  {
    icon: CirclePlay,
    title: 'Pick up where you left off',
    text: 'Your progress on every video is saved, so the next lesson is always one click away.',
  },
  {
    icon: BadgeCheck,
    title: 'One simple plan',
    text: `${PREMIUM_PLAN.name} opens the whole library for ${formatPrice(PREMIUM_PLAN.price)} a ${PREMIUM_PLAN.interval}. Cancel at any time.`,
  },
];

/**
 * Renders its children once its place comes within a screen's height of the viewport: what sits below the
 * fold costs the first load nothing.
 */
function WhenNear({ children }: { children: ReactNode }) {
  // Never at first: the page's first paint is rendered ahead, where nothing is in view.
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={place}>{near ? children : null}</div>;
}

/**
 * What anonymous visitors see at '/': a welcome message, a clear way to sign up, and below the plan the
 * courses popular with learners and new this week.
 */
export function WelcomePage() {
  const site = useSiteConfig();
  useDocumentTitle('Welcome');
  return (
    <>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <p className={styles.kicker}>{site.tagline}</p>
        <h1 id="welcome-title">Welcome to {site.name}</h1>
        <p className={styles.lead}>
          A growing library of practical courses and videos, organised by topic and creator so you always know
          what to learn next. Create your free account to get started.
        </p>
        <div className={styles.heroActions}>
          <Button size="lg" className={styles.heroCta} onClick={() => openAuthDialog('register')}>
            Sign Up for Free
          </Button>
          <Link to="/browse" className={styles.heroLink}>
            Browse Categories
          </Link>
          <Link to="/pricing" className={styles.heroLink}>
            Pricing
          </Link>
        </div>
        <p className={styles.heroNote}>
          Already a member?{' '}
          <button type="button" className={styles.textButton} onClick={() => openAuthDialog('login')}>
            Log in
          </button>
        </p>
      </section>
      <ul className={styles.features} aria-label={`Why ${site.name}`}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              <feature.icon size={22} focusable="false" />
            </span>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
      {/* What Premium costs, before any sign-in; the Pricing page says more. */}
      <PlanOffer id="welcome-plan">
        <Button size="lg" onClick={() => openAuthDialog('register')}>
          Sign Up for {PREMIUM_PLAN.name}
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
