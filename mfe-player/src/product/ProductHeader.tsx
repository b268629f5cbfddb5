import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_TYPE_LABELS, type PublicProduct } from '@catalyst/contracts';
import { Badge, categoryPath } from '@catalyst/web-kit';
import styles from './ProductPage.module.css';

/** The breadcrumb, title and badges of a product page and a course page; `meta` is what follows the badges. */
export function ProductHeader({
  product,
  meta,
}: {
  product: Pick<PublicProduct, 'title' | 'type' | 'difficulty' | 'category'>;
  meta: ReactNode;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to="/browse">Browse</Link>
          </li>
          <li>
            <Link to={categoryPath(product.category.slug)}>{product.category.name}</Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>

      <header className={styles.header}>
        <h1 className={styles.title}>{product.title}</h1>
        <div className={styles.meta}>
          <Badge tone="primary">{PRODUCT_TYPE_LABELS[product.type] ?? product.type}</Badge>
          <Badge>{product.difficulty}</Badge>
          {meta}
        </div>
      </header>
    </>
  );
}
