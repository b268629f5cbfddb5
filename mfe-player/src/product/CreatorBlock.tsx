import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { PublicProduct } from '@catalyst/contracts';
import { creatorPagePath, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import styles from './ProductPage.module.css';

/**
 * Who made the product, linking to the creator's public page (everything they published; Follow). Memoised:
 * the product and course pages render again for each answer they get, this block only for a new product.
 */
export const CreatorBlock = memo(function CreatorBlock({ product }: { product: PublicProduct }) {
  const t = useStrings(playerStrings);
  const { creator } = product;
  return (
    <section className={styles.panel} aria-labelledby="creator-title" data-testid="creator-block">
      <h2 id="creator-title" className={styles.panelTitle}>
        {t('product.creator')}
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
            <p className={styles.muted}>{t('product.instructor', { name: product.instructor })}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
});
