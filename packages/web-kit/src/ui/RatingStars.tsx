import type { CSSProperties } from 'react';
import { formatRating, ratingLabel } from '@catalyst/contracts';
import styles from './RatingStars.module.css';

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
  const rated = average !== null && average !== undefined && !!count;
  const fill = { '--rating-fill': `${rated ? (average / 5) * 100 : 0}%` } as CSSProperties;
  return (
    <span
      className={[styles.rating, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={ratingLabel(average ?? null, count ?? 0)}
      data-testid="rating"
    >
      <span className={styles.stars} style={fill} aria-hidden="true" />
      <span className={styles.text} aria-hidden="true">
        {rated ? `${formatRating(average)} (${count})` : 'No ratings yet'}
      </span>
    </span>
  );
}
