import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StudioCreator } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  session as defaultSession,
  Spinner,
  useDocumentTitle,
  useSession,
  type ApiClient,
  type SessionStore,
} from '@catalyst/web-kit';
import { JoinFrame, messageOf, SignInFirst } from '../team/JoinTeam';
import styles from '../team/Team.module.css';

/**
 * /studio/join/{token}: an admin's invitation to run a creator's items. Signed in as the invited address, Accept
 * makes the account a creator account (the studio opens at /studio); a visitor signs in or up first.
 */
export default function CreatorJoinPage({
  client = defaultApi,
  sessionStore = defaultSession,
}: {
  client?: ApiClient;
  sessionStore?: SessionStore;
}) {
  useDocumentTitle('Join the creator studio');
  const token = useParams()['*']?.split('/')[0] ?? '';
  const { isAuthenticated, isLoading, user } = useSession(sessionStore);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [creator, setCreator] = useState<StudioCreator | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await client.creatorAccount.accept.request({ params: { token } });
      setCreator(data.creator);
      // The server made the account a creator: the header's menu offers the studio at once.
      if (user && user.role === 'user') sessionStore.loadUser({ ...user, role: 'creator' });
    } catch (err) {
      setError(messageOf(err, 'The invitation could not be accepted. Please try again.'));
    }
    setBusy(false);
  }

  if (isLoading) return <Spinner message="Loading your invitation..." />;
  if (creator)
    return (
      <JoinFrame title="Welcome to the creator studio">
        <Alert tone="success">{`Your account now runs ${creator.name}'s courses.`}</Alert>
        <div className={styles.actions}>
          <Link to="/studio">Open the creator studio</Link>
        </div>
      </JoinFrame>
    );
  return (
    <JoinFrame title="Join the creator studio">
      <p>
        You were invited to run a creator&apos;s courses on Catalyst: edit them, submit changes for review and
        see how they do.
      </p>
      {!isAuthenticated ? (
        <SignInFirst text="Log in or sign up with the address the invitation was sent to, then accept it here." />
      ) : (
        <>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <p className={styles.muted}>The invitation works once, for the address it was sent to.</p>
          <div>
            <Button loading={busy} onClick={() => void accept()}>
              Accept invitation
            </Button>
          </div>
        </>
      )}
    </JoinFrame>
  );
}
