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
  useStrings,
  type ApiClient,
  type SessionStore,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('join.documentTitle'));
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
      <JoinFrame title={t('join.documentTitle')}>
        <Alert tone="danger">{messageOf(invitation.error, t('join.invitationFailed'))}</Alert>
        <p className={styles.muted}>{t('join.askAgain')}</p>
      </JoinFrame>
    );
  if (!invitation.data || isLoading) return <Spinner message={t('join.loadingInvitation')} />;
  const { teamName, invitedBy, email, expiresAt } = invitation.data;
  return (
    <JoinFrame title={t('join.title', { team: teamName })}>
      <p>{t('join.invited', { by: invitedBy, email, team: teamName })}</p>
      <JoinActions
        joining={joining}
        isAuthenticated={isAuthenticated}
        signInText={t('join.signInAs', { email })}
        beforeJoin={
          <p className={styles.muted}>{t('join.expires', { date: formatDate(expiresAt, 'long') })}</p>
        }
      />
    </JoinFrame>
  );
}
