import { useParams } from 'react-router-dom';
import {
  Alert,
  api as defaultApi,
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
  const joining = useJoinTeam(() => client.teamJoinLink.joinByLink.request({ params: { token } }), store);

  if (preview.error)
    return (
      <JoinFrame title="Join a team">
        <Alert tone="danger">{messageOf(preview.error, 'The join link could not be loaded.')}</Alert>
      </JoinFrame>
    );
  if (!preview.data || isLoading) return <Spinner message="Loading the join link..." />;
  const { teamName, domains } = preview.data;
  const at = domains.join(', ');
  return (
    <JoinFrame title={`Join ${teamName} on Catalyst`}>
      <p>
        A seat in {teamName}: Premium, paid by the team, for every course and learning path. This link is for
        people with a verified e-mail address at {at}.
      </p>
      <JoinActions
        joining={joining}
        isAuthenticated={isAuthenticated}
        signInText={`Log in or sign up with your address at ${at} to join.`}
      />
    </JoinFrame>
  );
}
