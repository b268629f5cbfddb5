import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  api as defaultApi,
  formatDate,
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
import { JoinActions, JoinFrame, messageOf, useJoinTeam } from './JoinTeam';
import styles from './Team.module.css';

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
  const joining = useJoinTeam(() => client.team.accept.request({ params: { token } }), store);

  // Signed in here (the dialog): the address is shown in full to its owner, so the invitation is read again.
  const { reload } = invitation;
  const signedIn = useRef<boolean | null>(null);
  useEffect(() => {
    if (isLoading) return;
    if (signedIn.current === false && isAuthenticated) reload();
    signedIn.current = isAuthenticated;
  }, [isAuthenticated, isLoading, reload]);

  if (invitation.error)
    return (
      <JoinFrame title="Join a team">
        <Alert tone="danger">{messageOf(invitation.error, 'The invitation could not be loaded.')}</Alert>
        <p className={styles.muted}>Ask the team&apos;s owner or admin for a new invitation.</p>
      </JoinFrame>
    );
  if (!invitation.data || isLoading) return <Spinner message="Loading your invitation..." />;
  const { teamName, invitedBy, email, expiresAt } = invitation.data;
  return (
    <JoinFrame title={`Join ${teamName} on Catalyst`}>
      <p>
        {invitedBy} invited {email} to a seat in {teamName}: Premium, paid by the team, for every course and
        learning path.
      </p>
      <JoinActions
        joining={joining}
        isAuthenticated={isAuthenticated}
        signInText={`Log in or sign up as ${email} to join. The invitation works for that address only.`}
        beforeJoin={
          <p className={styles.muted}>This invitation expires on {formatDate(expiresAt, 'long')}.</p>
        }
      />
    </JoinFrame>
  );
}
