import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authMessages } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  api,
  isApiRequestError,
  session,
  useStrings,
  withNotice,
} from '@catalyst/web-kit';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './ProfilePage.module.css';

/** Ends every session of the account, this one too: for a lost phone or a shared computer. */
export function SignOutEverywhere() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOutEverywhere = async () => {
    setWorking(true);
    setError(null);
    try {
      await api.auth.logoutEverywhere();
      // The server has ended every session, this one too: only the tab's own state is left to clear.
      await session.logout({ revoke: false });
      navigate('/', { replace: true, state: withNotice(t('signOut.done')) });
    } catch (failure) {
      setError(isApiRequestError(failure) ? failure.message : authMessages.networkOrServer);
      setWorking(false);
    }
  };

  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>{t('signOut.title')}</h2>
      {error ? <Alert tone="danger">{shownMessage(tw, t, error)}</Alert> : null}
      <p className={styles.note}>{t('signOut.note')}</p>
      <Button variant="secondary" onClick={signOutEverywhere} loading={working}>
        {t('signOut.button')}
      </Button>
    </Card>
  );
}
