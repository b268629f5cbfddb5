import type { KeyboardEvent } from 'react';
import { isNewProduct, type PremiumProduct } from '@catalyst/contracts';
import {
  Badge,
  formatDate,
  formatProductLength,
  RatingStars,
  SaveButton,
  useStrings,
  formatPercent,
} from '@catalyst/web-kit';
import { catalogStrings } from '../i18n/en';
import { CARD_FACTS } from '../i18n/labels';
import styles from './ProductCard.module.css';
import type { ProductProgress } from './useProgressMap';

export const TAGS_SHOWN = 3;

/**
 * 'Completed', a percentage, or 'New' (spec section 2, creator library), with its tone. 'New' means published
 * in the last 14 days (isNewProduct); an older product the learner has not started carries no badge.
 */
function progressBadge(
  product: Pick<PremiumProduct, 'createdAt'>,
  progress: ProductProgress | undefined,
  now = Date.now(),
): { text: string; tone: 'success' | 'info' | 'primary' } | null {
  const t = catalogStrings.t;
  if (progress?.completed) return { text: t('card.completed'), tone: 'success' };
  if (progress && progress.progress > 0) return { text: formatPercent(progress.progress), tone: 'primary' };
  return isNewProduct(product.createdAt, now) ? { text: t('card.new'), tone: 'info' } : null;
}

export interface ProductCardProps {
  product: PremiumProduct;
  progress?: ProductProgress;
  layout: 'grid' | 'list';
  onOpen(product: PremiumProduct): void;
  /**
   * The library's first card: its thumbnail is the page's largest paint on a phone, so it is fetched at
   * once and first (the shell hints the same address as soon as the product list is in: shell-routes.ts).
   */
  first?: boolean;
}

export function ProductCard({ product, progress, layout, onOpen, first = false }: ProductCardProps) {
  const t = useStrings(catalogStrings);
  const badge = progressBadge(product, progress);
  const percent = progress?.completed ? 100 : (progress?.progress ?? 0);
  const extraTags = product.tags.length - TAGS_SHOWN;
  const open = () => onOpen(product);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    // The bookmark sits beside the card, not in it: a button inside an element with role="link" is a nested control.
    <div className={styles.wrap}>
      <div
        className={`${styles.card} ${layout === 'list' ? styles.list : styles.grid}`}
        role="link"
        tabIndex={0}
        aria-label={product.title}
        onClick={open}
        onKeyDown={onKey}
        data-testid="library-product"
      >
        <div className={styles.media}>
          {product.thumbnail ? (
            <img
              className={styles.thumb}
              src={product.thumbnail}
              alt=""
              width={480}
              height={270}
              {...(first
                ? { fetchPriority: 'high' as const }
                : { loading: 'lazy' as const, decoding: 'async' as const })}
            />
          ) : (
            <div className={styles.thumb} />
          )}
          {badge ? (
            <span className={styles.badge}>
              <Badge tone={badge.tone}>{badge.text}</Badge>
            </span>
          ) : null}
        </div>
        <div className={styles.body}>
          <h2 className={styles.title}>{product.title}</h2>
          {product.ratingCount ? (
            <RatingStars average={product.ratingAverage} count={product.ratingCount} />
          ) : null}
          {percent > 0 ? (
            // Only a started product has a bar: an empty one read as a divider.
            <div className={styles.progressRow}>
              <div
                className={styles.progress}
                role="progressbar"
                aria-label={t('card.watched', { percent: formatPercent(percent) })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span className={styles.progressFill} style={{ width: `${percent}%` }} />
              </div>
              <span className={styles.progressText} aria-hidden="true">
                {t('card.watched', { percent: formatPercent(percent) })}
              </span>
            </div>
          ) : null}
          <p className={styles.description}>{product.description}</p>
          <dl className={styles.meta}>
            <div>
              <dt>{t('common.level')}</dt>
              <dd className={styles.capitalise}>{t(CARD_FACTS[product.difficulty])}</dd>
            </div>
            <div>
              <dt>{t('common.type')}</dt>
              <dd className={styles.capitalise}>{t(CARD_FACTS[product.type])}</dd>
            </div>
            {product.duration ? (
              <div>
                <dt>{t('card.duration')}</dt>
                <dd>{formatProductLength(product)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('card.added')}</dt>
              <dd>{formatDate(product.createdAt)}</dd>
            </div>
          </dl>
          {product.tags.length > 0 ? (
            <ul className={styles.tags} aria-label={t('card.tags')}>
              {product.tags.slice(0, TAGS_SHOWN).map((tag) => (
                <li key={tag} className={styles.tag}>
                  {tag}
                </li>
              ))}
              {extraTags > 0 ? <li className={styles.more}>{t('card.more', { n: extraTags })}</li> : null}
            </ul>
          ) : null}
        </div>
      </div>
      <span className={styles.save}>
        <SaveButton product={product} />
      </span>
    </div>
  );
}
