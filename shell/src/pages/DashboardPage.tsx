import { Link } from 'react-router-dom';
import { buttonClassName, firstName, useDocumentTitle, useSession } from '@catalyst/web-kit';
import { RemoteModule } from '../federation/RemoteModule';
import styles from './Pages.module.css';

/** What signed-in users see at '/': a hero, Top Courses (catalog) and Continue watching (player). */
export function DashboardPage() {
  const { user } = useSession();
  useDocumentTitle('Dashboard');
  return (
    <>
      <section className={styles.hero}>
        <h1>Welcome back, {firstName(user)}</h1>
        <p className={styles.lead}>Keep your momentum: continue a course or discover something new today.</p>
        <div className={styles.heroActions}>
          <Link to="/browse" className={buttonClassName('secondary', 'lg')}>
            Browse Content
          </Link>
        </div>
      </section>
      <section className={styles.section} aria-label="Top Courses">
        <RemoteModule remote="catalog" module="./TopCourses" />
      </section>
      <section className={styles.section} aria-label="Continue watching">
        <RemoteModule remote="player" module="./ContinueWatching" />
      </section>
    </>
  );
}
