import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { TeamSummary } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  isApiRequestError,
  openAuthDialog,
  session as defaultSession,
  Spinner,
  subscription,
  useApiData,
  useDocumentTitle,
  useSession,
  type ApiClient,
  type SessionStore,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import styles from './Team.module.css';

/** A refusal in the server's words (a 4xx), else `fallback`. */
const messageOf = (err: unknown, fallback: string) =>
  isApiRequestError(err) && err.status < 500 ? err.message : fallback;

/**
 * /team/link/{token}: a team's join link (the team, the e-mail domains it admits), sign in or register with an
 * address there, then Join: a seat, and Premium through the team.
 */
export default function TeamJoinLinkPage({
  client = defaultApi,
  sessionStore = defaultSession,
  store = subscription,
}: {
  client?: ApiClient;
  sessionStore?: SessionStore;
  store?: SubscriptionStore;
}) {
  useDocumentTitle('Join a team');
  const token = useParams().token ?? '';
  const { isAuthenticated, isLoading } = useSession(sessionStore);
  const preview = useApiData(client.teamJoinLink.joinLinkPreview, { params: { token } });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ team: TeamSummary; message?: string } | null>(null);

  async function join() {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await client.teamJoinLink.joinByLink.request({ params: { token } });
      setJoined({ team: data, message });
      await store.refresh();
    } catch (err) {
      setError(messageOf(err, 'You could not join the team. Please try again.'));
    }
    setBusy(false);
  }

  if (preview.error)
    return (
      <div className={`${styles.page} ${styles.narrow}`}>
        <Card as="section" className={styles.card} aria-labelledby="join-title">
          <h1 id="join-title">Join a team</h1>
          <Alert tone="danger">{messageOf(preview.error, 'The join link could not be loaded.')}</Alert>
        </Card>
      </div>
    );
  if (!preview.data || isLoading) return <Spinner message="Loading the join link..." />;
  const { teamName, domains } = preview.data;
  const at = domains.join(', ');
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <Card as="section" className={styles.card} aria-labelledby="join-title">
        <h1 id="join-title">Join {teamName} on Catalyst</h1>
        <p>
          A seat in {teamName}: Premium, paid by the team, for every course and learning path. This link is
          for people with a verified e-mail address at {at}.
        </p>
        {joined ? (
          <>
            <Alert tone="success">
              {`You joined ${joined.team.name}. Premium is yours through your team.`}
              {joined.message ? <p>{joined.message}</p> : null}
            </Alert>
            <div className={styles.actions}>
              <Link to="/team">Your team</Link>
              <Link to="/browse">Browse Content</Link>
            </div>
          </>
        ) : !isAuthenticated ? (
          <>
            <p>Log in or sign up with your address at {at} to join.</p>
            <div className={styles.actions}>
              <Button onClick={() => openAuthDialog('login')}>Login</Button>
              <Button variant="secondary" onClick={() => openAuthDialog('register')}>
                Sign Up
              </Button>
            </div>
          </>
        ) : (
          <>
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <div>
              <Button loading={busy} onClick={() => void join()}>
                Join team
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
