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
} from '@catalyst/web-kit';
import { CourseCard } from '../top-courses/CourseCard';
import styles from './CreatorPage.module.css';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Follow, for a signed-in person (a visitor is asked to sign in), with how many follow. */
function FollowCreator({ creatorId, name }: { creatorId: string; name: string }) {
  const { isAuthenticated } = useSession();
  const read = useApiData(api.creatorFollow.get, isAuthenticated ? { params: { creatorId } } : null);
  const [changed, setChanged] = useState<CreatorFollow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!isAuthenticated)
    return <Button onClick={() => openAuthDialog('login')}>Sign in to follow {name}</Button>;
  const standing = changed ?? read.data;
  if (!standing)
    return read.error ? (
      <Alert tone="danger">Whether you follow {name} could not be loaded.</Alert>
    ) : (
      <Spinner message="Loading..." />
    );
  const change = async (follow: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const params = { params: { creatorId } };
      setChanged(await (follow ? api.creatorFollow.follow(params) : api.creatorFollow.unfollow(params)));
    } catch (e) {
      setFailure(isApiRequestError(e) ? e.message : 'Could not reach the server. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.follow}>
      {standing.following ? (
        <p>
          <Badge tone="success">Following</Badge>{' '}
          <Button variant="ghost" size="sm" loading={busy} onClick={() => void change(false)}>
            Stop following
          </Button>
        </p>
      ) : (
        <Button loading={busy} onClick={() => void change(true)}>
          Follow {name}
        </Button>
      )}
      <span className={styles.followers} data-testid="creator-followers">
        {count(standing.followers, 'follower', 'followers')}
        {standing.following ? ` · you get an e-mail when ${name} publishes something new` : ''}
      </span>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
    </div>
  );
}

/** /creators/{slug}: a creator's public page — bio, links, courses, learners and rating — and Follow. */
export function CreatorPage() {
  const { slug = '' } = useParams();
  const { isAuthenticated } = useSession();
  const { data, error, reload } = useApiData(api.creatorPage.get, { params: { slug } });
  useDocumentTitle(data?.creator.name ?? 'Creator');
  const content = error ? (
    isApiRequestError(error) && (error.status === 404 || error.status === 400) ? (
      <NotFound />
    ) : (
      <ErrorScreen message="Failed to load the creator" onRetry={reload} retryLabel="Try Again" />
    )
  ) : !data ? (
    <Spinner message="Loading the creator..." />
  ) : (
    <article className={styles.page}>
      <header className={styles.header}>
        <span className={styles.icon} style={{ background: data.creator.color }} aria-hidden="true">
          {data.creator.icon}
        </span>
        <div className={styles.intro}>
          <h1 className={styles.name}>{data.creator.name}</h1>
          {data.creator.description ? <p className={styles.bio}>{data.creator.description}</p> : null}
          <ul className={styles.facts} aria-label="About their courses">
            <li>{count(data.products.length, 'course', 'courses')}</li>
            <li>{count(data.learners, 'learner', 'learners')}</li>
            <li>
              {data.ratingCount > 0 ? (
                <RatingStars average={data.averageRating} count={data.ratingCount} />
              ) : (
                'No ratings yet'
              )}
            </li>
          </ul>
          {data.creator.links.length > 0 ? (
            <ul className={styles.links} aria-label={`${data.creator.name} elsewhere`}>
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
          Courses by {data.creator.name}
        </h2>
        {data.products.length === 0 ? (
          <p className={styles.empty}>Nothing published yet.</p>
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
