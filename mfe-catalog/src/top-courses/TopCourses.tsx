import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { isFreeProduct } from '@catalyst/contracts';
import {
  Button,
  buttonClassName,
  Card,
  ErrorScreen,
  productPath,
  RatingStars,
  remoteTestId,
  SaveButton,
  Spinner,
  Thumbnail,
  truncate,
} from '@catalyst/web-kit';
import styles from './TopCourses.module.css';
import { useTopProducts } from './useTopProducts';

export const TOP_COURSES_SHOWN = 4;

/** How a card says what opens it: only the plan is sold, so "Free" or "Premium", never a per-course price. */
export const accessLabel = (product: { price: number | null }) =>
  isFreeProduct(product) ? 'Free' : 'Premium';

/** The dashboard's Top Courses block: the first four, and "See all" to show every one the count names. */
export default function TopCourses() {
  const { products, isLoading, error, reload } = useTopProducts();
  const [showAll, setShowAll] = useState(false);
  const gridId = useId();
  const shown = showAll ? products : products.slice(0, TOP_COURSES_SHOWN);
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
        <>
          <ul className={styles.grid} id={gridId}>
            {shown.map((product) => {
              const image = product.thumbnail;
              const title = product.title;
              return (
                <li key={product._id}>
                  <Card flush className={styles.card}>
                    <div className={styles.media}>
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
                      <span className={styles.save}>
                        <SaveButton product={product} />
                      </span>
                    </div>
                    <div className={styles.body}>
                      <h3 className={styles.name}>{title}</h3>
                      {product.ratingCount ? (
                        <RatingStars average={product.ratingAverage} count={product.ratingCount} />
                      ) : null}
                      <p className={styles.price}>{accessLabel(product)}</p>
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
