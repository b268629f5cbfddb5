import { useState } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import type { CreatorFollow } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  Button,
  coursePagePath,
  ErrorScreen,
  isApiRequestError,
  NotFound,
  openAuthDialog,
  RatingStars,
  remoteTestId,
  Spinner,
  useApiData,
  useDocumentTitle,
  useSession,
  useStrings,
  formatCount,
} from '@catalyst/web-kit';
import { PushPromptPart } from '../community/PushPromptPart';
import { catalogStrings } from '../i18n/en';
import { CourseCard } from '../top-courses/CourseCard';
import styles from './CreatorPage.module.css';

/** A count and its word ('2,000 followers'): the plural chosen by the number, the number as the language writes it. */
const counted = (n: number) => ({ count: n, number: formatCount(n) });

/** Follow, for a signed-in person (a visitor is asked to sign in), with how many follow. */
function FollowCreator({ creatorId, name }: { creatorId: string; name: string }) {
  const t = useStrings(catalogStrings);
  const { isAuthenticated } = useSession();
  const read = useApiData(api.creatorFollow.get, isAuthenticated ? { params: { creatorId } } : null);
  const [changed, setChanged] = useState<CreatorFollow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Push is offered right after the person follows here (a meaningful action), never on opening the page.
  const [justFollowed, setJustFollowed] = useState(false);
  if (!isAuthenticated)
    return <Button onClick={() => openAuthDialog('login')}>{t('creator.signInToFollow', { name })}</Button>;
  const standing = changed ?? read.data;
  if (!standing)
    return read.error ? (
      <Alert tone="danger">{t('creator.followFailed', { name })}</Alert>
    ) : (
      <Spinner message={t('common.loading')} />
    );
  const change = async (follow: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const params = { params: { creatorId } };
      const now = await (follow ? api.creatorFollow.follow(params) : api.creatorFollow.unfollow(params));
      setChanged(now);
      setJustFollowed(now.following);
    } catch (e) {
      setFailure(isApiRequestError(e) ? e.message : t('common.unreachable'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.follow}>
      {standing.following ? (
        <p>
          <Badge tone="success">{t('common.following')}</Badge>{' '}
          <Button variant="ghost" size="sm" loading={busy} onClick={() => void change(false)}>
            {t('common.stopFollowing')}
          </Button>
        </p>
      ) : (
        <Button loading={busy} onClick={() => void change(true)}>
          {t('creator.follow', { name })}
        </Button>
      )}
      <span className={styles.followers} data-testid="creator-followers">
        {t('creator.followers', counted(standing.followers))}
        {standing.following ? ` · ${t('creator.emailNote', { name })}` : ''}
      </span>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      {justFollowed && standing.following ? <PushPromptPart followed={name} /> : null}
    </div>
  );
}

/** /creators/{slug}: a creator's public page — bio, links, courses, learners and rating — and Follow. */
export function CreatorPage() {
  const t = useStrings(catalogStrings);
  const { slug = '' } = useParams();
  const { isAuthenticated } = useSession();
  const { data, error, reload } = useApiData(api.creatorPage.get, { params: { slug } });
  useDocumentTitle(data?.creator.name ?? t('creator.title'));
  const content = error ? (
    isApiRequestError(error) && (error.status === 404 || error.status === 400) ? (
      <NotFound />
    ) : (
      <ErrorScreen message={t('creator.failed')} onRetry={reload} retryLabel={t('common.tryAgain')} />
    )
  ) : !data ? (
    <Spinner message={t('creator.loading')} />
  ) : (
    <article className={styles.page}>
      <header className={styles.header}>
        <span className={styles.icon} style={{ background: data.creator.color }} aria-hidden="true">
          {data.creator.icon}
        </span>
        <div className={styles.intro}>
          <h1 className={styles.name}>{data.creator.name}</h1>
          {data.creator.description ? <p className={styles.bio}>{data.creator.description}</p> : null}
          <ul className={styles.facts} aria-label={t('creator.facts')}>
            <li>{t('creator.courses', counted(data.products.length))}</li>
            <li>{t('creator.learners', counted(data.learners))}</li>
            <li>
              {data.ratingCount > 0 ? (
                <RatingStars average={data.averageRating} count={data.ratingCount} />
              ) : (
                t('creator.noRatings')
              )}
            </li>
          </ul>
          {data.creator.links.length > 0 ? (
            <ul className={styles.links} aria-label={t('creator.elsewhere', { name: data.creator.name })}>
              {data.creator.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer me" target="_blank">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <FollowCreator creatorId={data.creator.id} name={data.creator.name} />
      </header>
      <section aria-labelledby="creator-courses">
        <h2 id="creator-courses" className={styles.heading}>
          {t('creator.coursesBy', { name: data.creator.name })}
        </h2>
        {data.products.length === 0 ? (
          <p className={styles.empty}>{t('creator.nothing')}</p>
        ) : (
          <ul className={styles.grid}>
            {data.products.map((product) => (
              <li key={product._id}>
                <CourseCard
                  product={product}
                  to={isAuthenticated ? undefined : coursePagePath(product.slug)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
  return content;
}

/** What the shell mounts under /creators/*. */
export default function CreatorRoutes() {
  return (
    <div data-testid={remoteTestId('catalog')} data-build={process.env.CATALYST_BUILD_LABEL || undefined}>
      <Routes>
        <Route path=":slug" element={<CreatorPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
