import { Link } from 'react-router-dom';
import { buttonClassName, Button, Card, openAuthDialog, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import styles from './Pages.module.css';

const FEATURES = [
  { title: 'Learn from practitioners', text: 'Courses, tutorials, webinars and documents from creators who do the work every day.' },
  { title: 'Pick up where you left off', text: 'Your progress on every video is saved, on any device you sign in from.' },
  { title: 'One simple plan', text: 'Premium opens the whole library for $14.99 a month. Cancel at any time.' },
];

/** What anonymous visitors see at '/'. */
export function WelcomePage() {
  const site = useSiteConfig();
  useDocumentTitle('Welcome');
  return (
    <>
      <section className={styles.hero}>
        <h1>Welcome to {site.name}</h1>
        <p className={styles.lead}>{site.tagline} A growing library of practical courses and videos, organised so you always know what to learn next.</p>
        <div className={styles.heroActions}>
          <Button size="lg" className={styles.heroCta} onClick={() => openAuthDialog('register')}>
            Get Started
          </Button>
          <Link to="/browse" className={`${buttonClassName('secondary', 'lg')} ${styles.heroLink}`}>
            Browse Categories
          </Link>
        </div>
      </section>
      <div className={styles.features}>
        {FEATURES.map((feature) => (
          <Card key={feature.title} className={styles.feature}>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </Card>
        ))}
      </div>
    </>
  );
}
