import { useEffect, useState } from 'react';
import { validateEmail } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  isApiRequestError,
  session as defaultSession,
  useApiData,
  useStrings,
  type ApiClient,
  type SessionStore,
} from '@catalyst/web-kit';
import { accountWidgetStrings } from '../i18n/widgets/en';
import styles from './AuthDialog.module.css';

/** How long typing must pause before the address is looked up (one ask per address, not per key). */
export const SSO_LOOKUP_DELAY_MS = 400;

const browserNavigate = (url: string) => globalThis.location.assign(url);
const currentPath = () => `${globalThis.location.pathname}${globalThis.location.search}`;

/** The address once typing has paused on a valid one, else null. */
function useSettledEmail(email: string): string | null {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const valid = validateEmail(email) === undefined ? email.trim().toLowerCase() : null;
    const timer = setTimeout(() => setSettled(valid), SSO_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [email]);
  return settled;
}

/**
 * Under the e-mail field: when the address's domain belongs to a team with single sign-on, "Continue with
 * single sign-on" goes to the team's identity provider, which sends the person back here signed in.
 */
export function SsoOffer({
  email,
  client = defaultApi,
  sessionStore = defaultSession,
  navigate = browserNavigate,
}: {
  email: string;
  client?: ApiClient;
  sessionStore?: SessionStore;
  navigate?: (url: string) => void;
}) {
  const t = useStrings(accountWidgetStrings);
  const settled = useSettledEmail(email);
  const lookup = useApiData(client.authSso.ssoLookup, settled ? { query: { email: settled } } : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const team = settled ? lookup.data : null;
  if (!team) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await client.authSso.ssoStart({ body: { email: settled!, returnTo: currentPath() } });
      sessionStore.expectRememberedSignIn();
      navigate(url);
    } catch (err) {
      setBusy(false);
      setError(isApiRequestError(err) && err.status < 500 ? err.message : t('ssoOffer.failed'));
    }
  };

  return (
    <div className={styles.sso} role="group" aria-label={t('ssoOffer.group')}>
      <p className={styles.ssoText}>{t('ssoOffer.text', { team: team.teamName })}</p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button
        type="button"
        variant="secondary"
        block
        loading={busy}
        disabled={busy}
        onClick={() => void start()}
      >
        {t('message.continueWithSso')}
      </Button>
    </div>
  );
}
