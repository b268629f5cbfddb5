import { useDocumentTitle } from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';

/** Placeholder until its owner lands the page. */
export function StudioAnalyticsPage() {
  useDocumentTitle('Analytics');
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Analytics</h1>
      </header>
      <StudioNav />
    </section>
  );
}
