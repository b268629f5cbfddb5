import { Link } from 'react-router-dom';
import { formatPlayerTime, remoteTestId } from '@catalyst/web-kit';
import styles from './ContinueWatching.module.css';
import { useRecentProgress } from './useRecentProgress';

/** The dashboard's Continue watching row: the learner's newest unfinished videos; hidden when there are none. */
export default function ContinueWatching() {
  const { items, isLoading, error } = useRecentProgress();
  const unfinished = items.filter((item) => !item.completed);
  if (isLoading || error || unfinished.length === 0) return null;
  return (
    <section className={styles.section} data-testid={remoteTestId('player')} aria-labelledby="continue-watching-title">
      <h2 id="continue-watching-title" className={styles.title}>
        Continue watching
      </h2>
      <ul className={styles.row}>
        {unfinished.map((item) => (
          <li key={item.productId} className={styles.item}>
            <Link className={styles.card} to={`/browse/premium/product/${item.product.productId || item.product._id}`}>
              <span className={styles.thumbWrap}>
                {item.product.thumbnail ? <img className={styles.thumb} src={item.product.thumbnail} alt="" loading="lazy" /> : <span className={styles.thumb} />}
                <span className={styles.play} aria-hidden="true">
                  ▶
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span className={styles.fill} style={{ width: `${Math.min(100, Math.max(0, item.progress))}%` }} />
                </span>
              </span>
              <span className={styles.name}>{item.product.title}</span>
              <span className={styles.muted}>
                {item.progress}% watched · resume at {formatPlayerTime(item.lastPosition)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
