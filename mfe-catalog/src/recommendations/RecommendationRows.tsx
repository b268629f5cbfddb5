import { useId } from 'react';
import type { RecommendationRow } from '@catalyst/contracts';
import { Button, coursePagePath, useSession, useStrings } from '@catalyst/web-kit';
import { catalogWidgetStrings } from '../i18n/widgets/en';
import { CourseCard } from '../top-courses/CourseCard';
import styles from './RecommendationRows.module.css';
import { useRecommendations } from './useRecommendations';

/**
 * One row: a region named by its heading, which says why it is shown, and its cards side by side. A
 * visitor's cards open the public course pages (a member's, the product pages).
 */
function Row({ row, visitor }: { row: RecommendationRow; visitor: boolean }) {
  const headingId = useId();
  return (
    <section className={styles.row} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {row.title}
      </h2>
      <p className={styles.reason}>{row.reason}</p>
      <ul className={styles.cards}>
        {row.products.map((product) => (
          <li key={product._id} className={styles.item}>
            <CourseCard product={product} to={visitor ? coursePagePath(product.slug) : undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The recommendation rows: on the dashboard because you watched, popular in a category you watch, new this
 * week, top rated; on the welcome page a visitor's popular and new. The server leaves out rows with nothing
 * to show; while they load nothing is shown.
 */
export default function RecommendationRows() {
  const t = useStrings(catalogWidgetStrings);
  const { rows, error, reload } = useRecommendations();
  const { isAuthenticated } = useSession();
  if (error)
    return (
      <p className={styles.failed} role="status">
        {t('rows.failed')}{' '}
        <Button variant="secondary" size="sm" onClick={reload}>
          {t('rows.retry')}
        </Button>
      </p>
    );
  if (rows.length === 0) return null;
  return (
    <div className={styles.rows}>
      {rows.map((row) => (
        <Row key={row.title} row={row} visitor={!isAuthenticated} />
      ))}
    </div>
  );
}
