import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { TeamSummary } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  formatDate,
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
 * /team/join/{token}: the invitation (the team, who invited, the address), sign in or register as the
 * invited address, then Join: a seat, and Premium through the team.
 */
export default function TeamJoinPage({
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
  const invitation = useApiData(client.team.invitation, { params: { token } });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ team: TeamSummary; message?: string } | null>(null);

  // Signed in here (the dialog): the address is shown in full to its owner, so the invitation is read again.
  const { reload } = invitation;
  const signedIn = useRef<boolean | null>(null);
  useEffect(() => {
    if (isLoading) return;
    if (signedIn.current === false && isAuthenticated) reload();
    signedIn.current = isAuthenticated;
  }, [isAuthenticated, isLoading, reload]);

  async function join() {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await client.team.accept.request({ params: { token } });
      setJoined({ team: data, message });
      await store.refresh();
    } catch (err) {
      setError(messageOf(err, 'You could not join the team. Please try again.'));
    }
    setBusy(false);
  }

  if (invitation.error)
    return (
      <div className={`${styles.page} ${styles.narrow}`}>
        <Card as="section" className={styles.card} aria-labelledby="join-title">
          <h1 id="join-title">Join a team</h1>
          <Alert tone="danger">{messageOf(invitation.error, 'The invitation could not be loaded.')}</Alert>
          <p className={styles.muted}>Ask the team&apos;s owner or admin for a new invitation.</p>
        </Card>
      </div>
    );
  if (!invitation.data || isLoading) return <Spinner message="Loading your invitation..." />;
  const { teamName, invitedBy, email, expiresAt } = invitation.data;
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <Card as="section" className={styles.card} aria-labelledby="join-title">
        <h1 id="join-title">Join {teamName} on Catalyst</h1>
        <p>
          {invitedBy} invited {email} to a seat in {teamName}: Premium, paid by the team, for every course and
          learning path.
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
            <p>Log in or sign up as {email} to join. The invitation works for that address only.</p>
            <div className={styles.actions}>
              <Button onClick={() => openAuthDialog('login')}>Login</Button>
              <Button variant="secondary" onClick={() => openAuthDialog('register')}>
                Sign Up
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.muted}>This invitation expires on {formatDate(expiresAt, 'long')}.</p>
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
