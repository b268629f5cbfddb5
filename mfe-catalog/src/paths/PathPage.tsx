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
  useStrings,
  formatPercent,
} from '@catalyst/web-kit';
import { catalogStrings } from '../i18n/en';
import { LEVEL_LABELS, TYPE_LABELS } from '../i18n/labels';
import { hoursText, itemsText } from './pathText';
import styles from './Paths.module.css';

/**
 * A learning path's page: its items in order; signed in, each item's progress, Follow this path, the next
 * item to take, and the path certificate once every item is finished.
 */
export function PathPage() {
  const t = useStrings(catalogStrings);
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
  useDocumentTitle(path?.title ?? t('path.title'));

  if (error)
    return isApiRequestError(error) && error.status === 404 ? (
      <NotFound />
    ) : (
      <ErrorScreen message={t('path.failed')} onRetry={reload} retryLabel={t('common.tryAgain')} />
    );
  if (!path) return <Spinner message={t('path.loading')} />;

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
      setFailure(isApiRequestError(e) ? e.message : t('common.unreachable'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <p>
        <Link to={PATHS_PATH}>{t('path.all')}</Link>
      </p>
      <div className={styles.header}>
        <h1 className={styles.title}>{path.title}</h1>
        <p className={styles.lead}>{path.description}</p>
      </div>
      <p className={styles.facts}>
        <Badge tone="info">{t(LEVEL_LABELS[path.level])}</Badge>
        <span>{itemsText(path.items.length)}</span>
        <span>{hoursText(path.estimatedHours)}</span>
      </p>
      <div className={styles.actions}>
        {!isAuthenticated ? (
          <Button onClick={() => openAuthDialog('login')}>{t('path.signIn')}</Button>
        ) : !standing ? (
          standingRead.error ? (
            <Alert tone="danger">{t('path.progressFailed')}</Alert>
          ) : (
            <Spinner message={t('path.progressLoading')} />
          )
        ) : (
          <>
            <p className={styles.muted} data-testid="path-progress">
              {t('path.finishedCount', { done: standing.completedCount, total: standing.total })}
            </p>
            {standing.following ? (
              <>
                <Badge tone="success">{t('common.following')}</Badge>
                <Button variant="ghost" size="sm" loading={busy} onClick={() => void change(false)}>
                  {t('common.stopFollowing')}
                </Button>
              </>
            ) : (
              <Button loading={busy} onClick={() => void change(true)}>
                {t('path.follow')}
              </Button>
            )}
            {standing.certificateCode ? (
              <Link to={certificatePagePath(standing.certificateCode)}>{t('path.certificate')}</Link>
            ) : null}
          </>
        )}
      </div>
      {failure ? (
        <Alert tone="danger" className={styles.actions}>
          {failure}
        </Alert>
      ) : null}
      <h2>{t('path.items')}</h2>
      <ol className={styles.items}>
        {path.items.map((item) => {
          const mine = byProduct.get(item.productId);
          return (
            <li key={item.productId} className={styles.item}>
              <span className={styles.itemTitle}>
                <Link to={pathItemPath(item, path.slug)}>{item.title}</Link>
              </span>
              <span className={styles.muted}>{t(TYPE_LABELS[item.type])}</span>
              {mine?.completed ? (
                <Badge tone="success">{t('path.finished')}</Badge>
              ) : standing?.nextProductId === item.productId ? (
                <Badge tone="primary">
                  {t('path.upNext')}
                  {mine && mine.progress > 0 ? ` · ${formatPercent(Math.round(mine.progress))}` : ''}
                </Badge>
              ) : mine && mine.progress > 0 ? (
                <span className={styles.muted}>{formatPercent(Math.round(mine.progress))}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
