import { useId, useState } from 'react';
import { Button, ErrorScreen, remoteTestId, Spinner } from '@catalyst/web-kit';
import { CourseCard } from './CourseCard';
import styles from './TopCourses.module.css';
import { useTopProducts } from './useTopProducts';

export const TOP_COURSES_SHOWN = 4;

/** The dashboard's Top Courses block: the first four, and "See all" to show every one the count names. */
export default function TopCourses() {
  const { products, isLoading, error, reload } = useTopProducts();
  const [showAll, setShowAll] = useState(false);
  const gridId = useId();
  const headingId = useId();
  const shown = showAll ? products : products.slice(0, TOP_COURSES_SHOWN);
  return (
    <section data-testid={remoteTestId('catalog')} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          Top Courses
        </h2>
        {!isLoading && !error ? <span className={styles.count}>{products.length} Available</span> : null}
      </div>
      {isLoading ? (
        <Spinner message="Loading top courses..." />
      ) : error ? (
        <ErrorScreen message="Failed to load top products." onRetry={reload} />
      ) : (
        <>
          <ul className={styles.grid} id={gridId}>
            {shown.map((product) => (
              <li key={product._id}>
                <CourseCard product={product} />
              </li>
            ))}
          </ul>
          {products.length > TOP_COURSES_SHOWN ? (
            <Button
              variant="secondary"
              size="sm"
              className={styles.more}
              aria-expanded={showAll}
              aria-controls={gridId}
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? 'Show fewer' : `See all ${products.length}`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
