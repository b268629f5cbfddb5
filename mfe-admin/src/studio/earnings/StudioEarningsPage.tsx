import { useDocumentTitle } from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { StudioNav } from '../StudioNav';

/** Placeholder until its owner lands the page. */
export function StudioEarningsPage() {
  useDocumentTitle('Earnings');
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Earnings</h1>
      </header>
      <StudioNav />
    </section>
  );
}
