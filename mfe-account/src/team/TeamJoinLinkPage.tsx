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
  useStrings,
  type ApiClient,
  type SessionStore,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('join.documentTitle'));
  const token = useParams().token ?? '';
  const { isAuthenticated, isLoading } = useSession(sessionStore);
  const preview = useApiData(client.teamJoinLink.joinLinkPreview, { params: { token } });
  const joining = useJoinTeam(() => client.teamJoinLink.joinByLink.request({ params: { token } }), store);

  if (preview.error)
    return (
      <JoinFrame title={t('join.documentTitle')}>
        <Alert tone="danger">{messageOf(preview.error, t('join.linkFailed'))}</Alert>
      </JoinFrame>
    );
  if (!preview.data || isLoading) return <Spinner message={t('join.loadingLink')} />;
  const { teamName, domains } = preview.data;
  const at = domains.join(', ');
  return (
    <JoinFrame title={t('join.title', { team: teamName })}>
      <p>{t('join.linkOffer', { team: teamName, domains: at })}</p>
      <JoinActions
        joining={joining}
        isAuthenticated={isAuthenticated}
        signInText={t('join.signInAt', { domains: at })}
      />
    </JoinFrame>
  );
}
