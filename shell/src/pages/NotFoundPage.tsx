import { Link } from 'react-router-dom';
import { buttonClassName, useDocumentTitle } from '@catalyst/web-kit';
import styles from './Pages.module.css';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.notFoundCode} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">404 - Page Not Found</h1>
      <p className={styles.muted}>The page you are looking for does not exist or has moved.</p>
      <div className={styles.heroActions} style={{ justifyContent: 'center' }}>
        <Link to="/" className={buttonClassName('primary')}>
          Go to Homepage
        </Link>
        <Link to="/browse" className={buttonClassName('secondary')}>
          Browse Categories
        </Link>
      </div>
    </section>
  );
}
