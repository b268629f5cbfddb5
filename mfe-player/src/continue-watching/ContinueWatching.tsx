import { Play } from '@catalyst/web-kit/icons';
import { Link } from 'react-router-dom';
import type { ProgressWithProduct } from '@catalyst/contracts';
import {
  formatPlayerTime,
  lessonPath,
  productPath,
  remoteTestId,
  Thumbnail,
  useStrings,
} from '@catalyst/web-kit';
import { playerWidgetStrings } from '../i18n/widgets/en';
import { restorePosition } from '../progress/policy';
import styles from './ContinueWatching.module.css';
import { useRecentProgress } from './useRecentProgress';

/**
 * Where the player will resume, as the player decides it: the saved position, or the start when it lies
 * at or beyond the product's end (its duration is whole minutes, rounded up, so only a position surely past the media counts).
 */
export function resumeText(lastPosition: number, durationMinutes: number | null): string {
  const at = restorePosition(lastPosition, durationMinutes ? durationMinutes * 60 : Number.NaN);
  return at > 0
    ? playerWidgetStrings.t('continue.resumeAt', { time: formatPlayerTime(at) })
    : playerWidgetStrings.t('continue.fromStart');
}

/** Where a row opens: a course's lesson the learner was in (which resumes at its saved second), else the product page. */
export const continuePathOf = (item: Pick<ProgressWithProduct, 'lessonId' | 'product'>): string =>
  item.lessonId
    ? lessonPath(item.product.slug || item.product.productId || item.product._id, item.lessonId)
    : productPath(item.product);

/** The dashboard's Continue watching row: the learner's newest unfinished videos (how far they got, where they resume); hidden when there are none. */
export default function ContinueWatching() {
  const t = useStrings(playerWidgetStrings);
  const { items, isLoading, error } = useRecentProgress();
  const unfinished = items.filter((item) => !item.completed);
  if (isLoading || error || unfinished.length === 0) return null;
  return (
    <section
      className={styles.section}
      data-testid={remoteTestId('player')}
      aria-labelledby="continue-watching-title"
    >
      <h2 id="continue-watching-title" className={styles.title}>
        {t('continue.title')}
      </h2>
      <ul className={styles.row}>
        {unfinished.map((item) => (
          <li key={item.productId} className={styles.item}>
            <Link className={styles.card} to={continuePathOf(item)}>
              <span className={styles.thumbWrap}>
                {item.product.thumbnail ? (
                  <Thumbnail
                    className={styles.thumb}
                    src={item.product.thumbnail}
                    sizes="16rem"
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.thumb} />
                )}
                <span className={styles.play} aria-hidden="true">
                  <Play size={18} fill="currentColor" focusable="false" />
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span
                    className={styles.fill}
                    style={{ width: `${Math.min(100, Math.max(0, item.progress))}%` }}
                  />
                </span>
              </span>
              <span className={styles.name}>{item.product.title}</span>
              <span className={styles.muted}>
                {t('continue.watched', {
                  percent: item.progress,
                  resume: resumeText(item.lastPosition, item.lessonId ? null : item.product.duration),
                })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
