import { Link } from 'react-router-dom';
import {
  buttonClassName,
  Card,
  ErrorScreen,
  formatPrice,
  productPath,
  remoteTestId,
  Spinner,
  Thumbnail,
  truncate,
} from '@catalyst/web-kit';
import styles from './TopCourses.module.css';
import { useTopProducts } from './useTopProducts';

export const TOP_COURSES_SHOWN = 4;

/** The dashboard's Top Courses block. */
export default function TopCourses() {
  const { products, isLoading, error, reload } = useTopProducts();
  return (
    <section data-testid={remoteTestId('catalog')}>
      <div className={styles.header}>
        <h2 className={styles.title}>Top Courses</h2>
        {!isLoading && !error ? <span className={styles.count}>{products.length} Available</span> : null}
      </div>
      {isLoading ? (
        <Spinner message="Loading top courses..." />
      ) : error ? (
        <ErrorScreen message="Failed to load top products." onRetry={reload} />
      ) : (
        <ul className={styles.grid}>
          {products.slice(0, TOP_COURSES_SHOWN).map((product) => {
            const image = product.thumbnail;
            const title = product.title;
            return (
              <li key={product._id}>
                <Card flush className={styles.card}>
                  {image ? (
                    <Thumbnail
                      className={styles.thumb}
                      src={image}
                      sizes="(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 18rem"
                      loading="lazy"
                    />
                  ) : (
                    <div className={styles.thumb} />
                  )}
                  <div className={styles.body}>
                    <h3 className={styles.name}>{title}</h3>
                    <p className={styles.price}>{formatPrice(product.price)}</p>
                    <p className={styles.description}>{truncate(product.description)}</p>
                    <Link
                      to={productPath(product)}
                      className={buttonClassName('primary', 'sm')}
                      aria-label={`View ${title}`}
                    >
                      View
                    </Link>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
