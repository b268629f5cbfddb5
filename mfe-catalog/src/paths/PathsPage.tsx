import { Link } from 'react-router-dom';
import {
  api,
  Badge,
  Card,
  ErrorScreen,
  learningPathPath,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import { hoursText, itemsText, LEVELS } from './pathText';
import styles from './Paths.module.css';

/** Browse → Paths: every published learning path, newest first. */
export function PathsPage() {
  useDocumentTitle('Learning Paths');
  const { data, error, reload } = useApiData(api.path.list);
  return (
    <section>
      <div className={styles.header}>
        <h1 className={styles.title}>Learning Paths</h1>
        <p className={styles.lead}>Courses and videos in an order that takes you somewhere.</p>
      </div>
      {error ? (
        <ErrorScreen message="Failed to load learning paths" onRetry={reload} retryLabel="Try Again" />
      ) : !data ? (
        <Spinner message="Loading learning paths..." />
      ) : data.length === 0 ? (
        <p className={styles.empty}>No learning paths yet</p>
      ) : (
        <ul className={styles.grid}>
          {data.map((path) => (
            <li key={path._id}>
              <Card as="div" className={styles.card}>
                <h2 className={styles.name}>
                  <Link to={learningPathPath(path.slug)}>{path.title}</Link>
                </h2>
                <p className={styles.description}>{path.description}</p>
                <p className={styles.facts}>
                  <Badge tone="info">{LEVELS[path.level]}</Badge>
                  <span>{itemsText(path.itemCount)}</span>
                  <span>{hoursText(path.estimatedHours)}</span>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
