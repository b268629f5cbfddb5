import { useId, useState } from 'react';
import { Button, ErrorScreen, remoteTestId, Spinner, useStrings } from '@catalyst/web-kit';
import { catalogWidgetStrings } from '../i18n/widgets/en';
import { CourseCard } from './CourseCard';
import styles from './TopCourses.module.css';
import { useTopProducts } from './useTopProducts';

export const TOP_COURSES_SHOWN = 4;

/** The dashboard's Top Courses block: the first four, and "See all" to show every one the count names. */
export default function TopCourses() {
  const t = useStrings(catalogWidgetStrings);
  const { products, isLoading, error, reload } = useTopProducts();
  const [showAll, setShowAll] = useState(false);
  const gridId = useId();
  const headingId = useId();
  const shown = showAll ? products : products.slice(0, TOP_COURSES_SHOWN);
  return (
    <section data-testid={remoteTestId('catalog')} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {t('top.title')}
        </h2>
        {!isLoading && !error ? (
          <span className={styles.count}>{t('top.available', { count: products.length })}</span>
        ) : null}
      </div>
      {isLoading ? (
        <Spinner message={t('top.loading')} />
      ) : error ? (
        <ErrorScreen message={t('top.failed')} onRetry={reload} />
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
              {showAll ? t('top.fewer') : t('top.all', { total: products.length })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
