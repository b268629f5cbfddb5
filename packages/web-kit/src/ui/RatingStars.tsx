import type { CSSProperties } from 'react';
import { formatTenths } from '../format';
import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import styles from './RatingStars.module.css';

/** The average as the page's language writes it, one decimal: '4.6' (as contracts' formatRating), de '4,6'. */
const shownRating = formatTenths;

/**
 * A product's rating as five stars filled to its average, with its number and count beside them; read by a
 * screen reader as one phrase ("4.6 out of 5, 128 ratings"). Before the first rating: "No ratings yet".
 */
export function RatingStars({
  average,
  count,
  className,
}: {
  average: number | null | undefined;
  count: number | undefined;
  className?: string;
}) {
  const t = useStrings(kitStrings);
  const rated = average !== null && average !== undefined && !!count;
  const fill = { '--rating-fill': `${rated ? (average / 5) * 100 : 0}%` } as CSSProperties;
  return (
    <span
      className={[styles.rating, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={rated ? t('rating.label', { average: shownRating(average), count }) : t('rating.none')}
      data-testid="rating"
    >
      <span className={styles.stars} style={fill} aria-hidden="true" />
      <span className={styles.text} aria-hidden="true">
        {rated ? `${shownRating(average)} (${count})` : t('rating.none')}
      </span>
    </span>
  );
}
