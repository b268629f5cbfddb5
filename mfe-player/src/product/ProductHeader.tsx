import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicProduct } from '@catalyst/contracts';
import { Badge, categoryPath, useStrings } from '@catalyst/web-kit';
import { difficultyLabel, typeLabel } from '../i18n/labels';
import { playerStrings } from '../i18n/en';
import styles from './ProductPage.module.css';

/** The breadcrumb, title and badges of a product page and a course page; `meta` is what follows the badges. */
export function ProductHeader({
  product,
  meta,
}: {
  product: Pick<PublicProduct, 'title' | 'type' | 'difficulty' | 'category'>;
  meta: ReactNode;
}) {
  const t = useStrings(playerStrings);
  return (
    <>
      <nav aria-label={t('product.breadcrumb')} className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to="/browse">{t('product.browse')}</Link>
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
          <Badge tone="primary">{typeLabel(t, product.type)}</Badge>
          <Badge>{difficultyLabel(t, product.difficulty)}</Badge>
          {meta}
        </div>
      </header>
    </>
  );
}
