import { Link } from 'react-router-dom';
import type { PublicProduct } from '@catalyst/contracts';
import { formatProductLength, productPath, Thumbnail, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { typeLabel } from '../i18n/labels';
import styles from './ProductPage.module.css';

export const RELATED_LIMIT = 3;

/** Related content: the first three. */
export function RelatedProducts({ products }: { products: PublicProduct[] }) {
  const t = useStrings(playerStrings);
  const shown = products.slice(0, RELATED_LIMIT);
  if (shown.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="related-title">
      <h2 id="related-title" className={styles.panelTitle}>
        {t('product.related')}
      </h2>
      <ul className={styles.related}>
        {shown.map((item) => (
          <li key={item._id}>
            <Link className={styles.relatedLink} to={productPath(item)}>
              {item.thumbnail ? (
                <Thumbnail src={item.thumbnail} sizes="6rem" className={styles.relatedThumb} loading="lazy" />
              ) : (
                <span className={styles.relatedThumb} />
              )}
              <span>
                <span className={styles.relatedTitle}>{item.title}</span>
                <span className={styles.muted}>
                  {typeLabel(t, item.type)}
                  {item.duration ? ` · ${formatProductLength(item)}` : ''}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
