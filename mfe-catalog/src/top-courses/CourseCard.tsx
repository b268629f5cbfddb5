import { Link } from 'react-router-dom';
import { isFreeProduct, type PublicProduct } from '@catalyst/contracts';
import {
  buttonClassName,
  Card,
  productPath,
  RatingStars,
  SaveButton,
  Thumbnail,
  truncate,
  useStrings,
} from '@catalyst/web-kit';
import { catalogWidgetStrings } from '../i18n/widgets/en';
import styles from './CourseCard.module.css';

/** How a card says what opens it: only the plan is sold, so "Free" or "Premium", never a per-course price. */
const accessLabel = (product: { price: number | null }) =>
  isFreeProduct(product) ? 'card.free' : 'card.premium';

/**
 * The dashboard's course card (Top Courses and the recommendation rows): bookmark, rating, access, View.
 * View opens the product page, or `to` (a visitor's rows open the public course page).
 */
export function CourseCard({ product, to = productPath(product) }: { product: PublicProduct; to?: string }) {
  const t = useStrings(catalogWidgetStrings);
  const { title, thumbnail } = product;
  return (
    <Card flush className={styles.card}>
      <div className={styles.media}>
        {thumbnail ? (
          <Thumbnail
            className={styles.thumb}
            src={thumbnail}
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
        <p className={styles.price}>{t(accessLabel(product))}</p>
        <p className={styles.description}>{truncate(product.description)}</p>
        <Link
          to={to}
          className={buttonClassName('primary', 'sm')}
          aria-label={t('card.viewLabel', { title })}
        >
          {t('card.view')}
        </Link>
      </div>
    </Card>
  );
}
