import { Link } from 'react-router-dom';
import { Card, remoteTestId, Spinner } from '@catalyst/web-kit';
import styles from './ContinueWatching.module.css';
import { useRecentProgress } from './useRecentProgress';

/** The dashboard's Continue watching block: the learner's most recent unfinished videos. */
export default function ContinueWatching() {
  const { items, isLoading, error } = useRecentProgress();
  const unfinished = items.filter((item) => !item.completed);
  return (
    <section data-testid={remoteTestId('player')}>
      <h2 className={styles.title}>Continue watching</h2>
      {isLoading ? (
        <Spinner size="sm" />
      ) : error || unfinished.length === 0 ? (
        <p className={styles.muted}>Nothing in progress yet. Pick a course and it will show up here.</p>
      ) : (
        <ul className={styles.list}>
          {unfinished.map((item) => {
            const id = item.product?._id ?? item.productId;
            return (
              <li key={id}>
                <Card className={styles.item}>
                  <Link className={styles.link} to={`/browse/premium/product/${id}`}>
                    {item.product?.title ?? 'Untitled'}
                  </Link>
                  <div className={styles.bar} role="progressbar" aria-valuenow={item.progress} aria-valuemin={0} aria-valuemax={100} aria-label="Progress">
                    <div className={styles.fill} style={{ width: `${Math.min(100, Math.max(0, item.progress))}%` }} />
                  </div>
                  <p className={styles.muted}>{item.progress}% watched</p>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
