import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { certificatePagePath, type PathProgress } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  Button,
  ErrorScreen,
  isApiRequestError,
  NotFound,
  openAuthDialog,
  PATHS_PATH,
  pathItemPath,
  Spinner,
  useApiData,
  useDocumentTitle,
  useSession,
} from '@catalyst/web-kit';
import { hoursText, itemsText, LEVELS } from './pathText';
import styles from './Paths.module.css';

const TYPE_NAMES: Record<string, string> = {
  course: 'Course',
  video: 'Video',
  tutorial: 'Tutorial',
  document: 'Document',
  webinar: 'Webinar',
};

/**
 * A learning path's page: its items in order; signed in, each item's progress, Follow this path, the next
 * item to take, and the path certificate once every item is finished.
 */
export function PathPage() {
  const { slug = '' } = useParams();
  const { data: path, error, reload } = useApiData(api.path.get, { params: { idOrSlug: slug } });
  const { isAuthenticated } = useSession();
  const standingRead = useApiData(
    api.pathProgress.get,
    isAuthenticated && path ? { params: { pathId: path._id } } : null,
  );
  // The answer of the learner's last follow or unfollow, shown until the standing is read again.
  const [changed, setChanged] = useState<PathProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(path?.title ?? 'Learning Path');

  if (error)
    return isApiRequestError(error) && error.status === 404 ? (
      <NotFound />
    ) : (
      <ErrorScreen message="Failed to load the learning path" onRetry={reload} retryLabel="Try Again" />
    );
  if (!path) return <Spinner message="Loading the learning path..." />;

  const standing =
    changed && changed.pathId === path._id && !standingRead.isLoading ? changed : (standingRead.data ?? null);
  const byProduct = new Map(standing?.items.map((item) => [item.productId, item]));

  const change = async (follow: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const params = { params: { pathId: path._id } };
      setChanged(await (follow ? api.pathProgress.follow(params) : api.pathProgress.unfollow(params)));
    } catch (e) {
      setFailure(isApiRequestError(e) ? e.message : 'Could not reach the server. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <p>
        <Link to={PATHS_PATH}>All learning paths</Link>
      </p>
      <div className={styles.header}>
        <h1 className={styles.title}>{path.title}</h1>
        <p className={styles.lead}>{path.description}</p>
      </div>
      <p className={styles.facts}>
        <Badge tone="info">{LEVELS[path.level]}</Badge>
        <span>{itemsText(path.items.length)}</span>
        <span>{hoursText(path.estimatedHours)}</span>
      </p>
      <div className={styles.actions}>
        {!isAuthenticated ? (
          <Button onClick={() => openAuthDialog('login')}>Sign in to follow this path</Button>
        ) : !standing ? (
          standingRead.error ? (
            <Alert tone="danger">Your progress on this path could not be loaded.</Alert>
          ) : (
            <Spinner message="Loading your progress..." />
          )
        ) : (
          <>
            <p className={styles.muted} data-testid="path-progress">
              {standing.completedCount} of {standing.total} finished
            </p>
            {standing.following ? (
              <>
                <Badge tone="success">Following</Badge>
                <Button variant="ghost" size="sm" loading={busy} onClick={() => void change(false)}>
                  Stop following
                </Button>
              </>
            ) : (
              <Button loading={busy} onClick={() => void change(true)}>
                Follow this path
              </Button>
            )}
            {standing.certificateCode ? (
              <Link to={certificatePagePath(standing.certificateCode)}>View your path certificate</Link>
            ) : null}
          </>
        )}
      </div>
      {failure ? (
        <Alert tone="danger" className={styles.actions}>
          {failure}
        </Alert>
      ) : null}
      <h2>In this path</h2>
      <ol className={styles.items}>
        {path.items.map((item) => {
          const mine = byProduct.get(item.productId);
          return (
            <li key={item.productId} className={styles.item}>
              <span className={styles.itemTitle}>
                <Link to={pathItemPath(item, path.slug)}>{item.title}</Link>
              </span>
              <span className={styles.muted}>{TYPE_NAMES[item.type] ?? item.type}</span>
              {mine?.completed ? (
                <Badge tone="success">Finished</Badge>
              ) : standing?.nextProductId === item.productId ? (
                <Badge tone="primary">
                  Up next{mine && mine.progress > 0 ? ` · ${Math.round(mine.progress)}%` : ''}
                </Badge>
              ) : mine && mine.progress > 0 ? (
                <span className={styles.muted}>{Math.round(mine.progress)}%</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
