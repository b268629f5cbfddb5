import { Link } from 'react-router-dom';
import { Button, openAuthDialog, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import styles from './Pages.module.css';

const FEATURES = [
  { icon: '★', title: 'Learn from practitioners', text: 'Courses, tutorials, webinars and documents from creators who do the work every day.' },
  { icon: '▶', title: 'Pick up where you left off', text: 'Your progress on every video is saved, so the next lesson is always one click away.' },
  { icon: '✓', title: 'One simple plan', text: 'Premium opens the whole library for $14.99 a month. Cancel at any time.' },
];

/** What anonymous visitors see at '/': a welcome message and a clear way to sign up. */
export function WelcomePage() {
  const site = useSiteConfig();
  useDocumentTitle('Welcome');
  return (
    <>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <p className={styles.kicker}>{site.tagline}</p>
        <h1 id="welcome-title">Welcome to {site.name}</h1>
        <p className={styles.lead}>
          A growing library of practical courses and videos, organised by topic and creator so you always know what to
          learn next. Create your free account to get started.
        </p>
        <div className={styles.heroActions}>
          <Button size="lg" className={styles.heroCta} onClick={() => openAuthDialog('register')}>
            Sign Up for Free
          </Button>
          <Link to="/browse" className={styles.heroLink}>
            Browse Categories
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
              {feature.icon}
            </span>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
