import { useId } from 'react';
import type { RecommendationRow } from '@catalyst/contracts';
import { Button } from '@catalyst/web-kit';
import { CourseCard } from '../top-courses/CourseCard';
import styles from './RecommendationRows.module.css';
import { useRecommendations } from './useRecommendations';

/** One row: a region named by its heading, which says why it is shown, and its cards side by side. */
function Row({ row }: { row: RecommendationRow }) {
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
            <CourseCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The dashboard's recommendation rows: because you watched, popular in a category you watch, new this
 * week, top rated. The server leaves out rows with nothing to show; while they load nothing is shown.
 */
export default function RecommendationRows() {
  const { rows, error, reload } = useRecommendations();
  if (error)
    return (
      <p className={styles.failed} role="status">
        Recommendations could not be loaded.{' '}
        <Button variant="secondary" size="sm" onClick={reload}>
          Retry
        </Button>
      </p>
    );
  if (rows.length === 0) return null;
  return (
    <div className={styles.rows}>
      {rows.map((row) => (
        <Row key={row.title} row={row} />
      ))}
    </div>
  );
}
