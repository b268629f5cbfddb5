import { Link } from 'react-router-dom';
import { buttonClassName, useDocumentTitle } from '@catalyst/web-kit';
import styles from './Pages.module.css';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className={styles.notFound}>
      <h1>404 - Page Not Found</h1>
      <p className={styles.muted}>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClassName('primary')}>
        Go to Homepage
      </Link>
    </section>
  );
}
