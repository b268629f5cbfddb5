import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authMessages } from '@catalyst/contracts';
import { Alert, Button, Card, api, isApiRequestError, session, withNotice } from '@catalyst/web-kit';
import styles from './ProfilePage.module.css';

/** Ends every session of the account, this one too: for a lost phone or a shared computer. */
export function SignOutEverywhere() {
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
      navigate('/', { replace: true, state: withNotice('You are signed out on every device.') });
    } catch (failure) {
      setError(isApiRequestError(failure) ? failure.message : authMessages.networkOrServer);
      setWorking(false);
    }
  };

  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>Sign out of every device</h2>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <p className={styles.note}>
        Ends every sign-in of your account, on this device and every other one. You will need your password to
        sign in again.
      </p>
      <Button variant="secondary" onClick={signOutEverywhere} loading={working}>
        Sign out everywhere
      </Button>
    </Card>
  );
}
