import { Link } from 'react-router-dom';
import type { PublicProduct } from '@catalyst/contracts';
import { creatorPagePath } from '@catalyst/web-kit';
import styles from './ProductPage.module.css';

/** Who made the product, linking to the creator's public page (everything they published; Follow). */
export function CreatorBlock({ product }: { product: PublicProduct }) {
  const { creator } = product;
  return (
    <section className={styles.panel} aria-labelledby="creator-title" data-testid="creator-block">
      <h2 id="creator-title" className={styles.panelTitle}>
        Creator
      </h2>
      <div className={styles.creator}>
        <span className={styles.avatar} aria-hidden="true">
          {creator.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div>
          <Link className={styles.creatorName} to={creatorPagePath(creator.slug)}>
            {creator.name}
          </Link>
          {product.instructor && product.instructor !== creator.name ? (
            <p className={styles.muted}>Instructor: {product.instructor}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
