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
  useStrings,
  type ApiClient,
  type SessionStore,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('studio.documentTitle'));
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
      setError(messageOf(err, t('studio.failed')));
    }
    setBusy(false);
  }

  if (isLoading) return <Spinner message={t('join.loadingInvitation')} />;
  if (creator)
    return (
      <JoinFrame title={t('studio.welcome')}>
        <Alert tone="success">{t('studio.runs', { creator: creator.name })}</Alert>
        <div className={styles.actions}>
          <Link to="/studio">{t('studio.open')}</Link>
        </div>
      </JoinFrame>
    );
  return (
    <JoinFrame title={t('studio.documentTitle')}>
      <p>{t('studio.lead')}</p>
      {!isAuthenticated ? (
        <SignInFirst text={t('studio.signIn')} />
      ) : (
        <>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <p className={styles.muted}>{t('studio.once')}</p>
          <div>
            <Button loading={busy} onClick={() => void accept()}>
              {t('studio.accept')}
            </Button>
          </div>
        </>
      )}
    </JoinFrame>
  );
}
