// What both ways into a team show (an invitation, a join link): the card, sign in or up, Join, and the outcome.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TeamSummary } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  isApiRequestError,
  openAuthDialog,
  useStrings,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';

/** A refusal in the server's words (a 4xx), else `fallback`. */
export const messageOf = (err: unknown, fallback: string) =>
  isApiRequestError(err) && err.status < 500 ? err.message : fallback;

/** Join by `request` (a seat, with the personal-plan message when one ends); the plan is read again after. */
export function useJoinTeam(
  request: () => Promise<{ data: TeamSummary; message?: string }>,
  store: SubscriptionStore,
) {
  const t = useStrings(accountStrings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ team: TeamSummary; message?: string } | null>(null);
  async function join() {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await request();
      setJoined({ team: data, message });
      await store.refresh();
    } catch (err) {
      setError(messageOf(err, t('join.failed')));
    }
    setBusy(false);
  }
  return { busy, error, joined, join };
}

/** The page's frame: one narrow card titled `title`. */
export function JoinFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <Card as="section" className={styles.card} aria-labelledby="join-title">
        <h1 id="join-title">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/** A visitor's way in before accepting: what to do, then Login and Sign Up (the auth dialog). */
export function SignInFirst({ text }: { text: string }) {
  const tw = useStrings(accountWidgetStrings);
  return (
    <>
      <p>{text}</p>
      <div className={styles.actions}>
        <Button onClick={() => openAuthDialog('login')}>{tw('auth.login')}</Button>
        <Button variant="secondary" onClick={() => openAuthDialog('register')}>
          {tw('auth.signUp')}
        </Button>
      </div>
    </>
  );
}

/** Below the offer: the outcome once joined, else Login / Sign Up for a visitor, else Join team. */
export function JoinActions({
  joining: { busy, error, joined, join },
  isAuthenticated,
  signInText,
  beforeJoin,
}: {
  joining: ReturnType<typeof useJoinTeam>;
  isAuthenticated: boolean;
  signInText: string;
  beforeJoin?: ReactNode;
}) {
  const t = useStrings(accountStrings);
  if (joined)
    return (
      <>
        <Alert tone="success">
          {t('join.joined', { team: joined.team.name })}
          {joined.message ? <p>{joined.message}</p> : null}
        </Alert>
        <div className={styles.actions}>
          <Link to="/team">{t('join.yourTeam')}</Link>
          <Link to="/browse">{t('subscribed.browse')}</Link>
        </div>
      </>
    );
  if (!isAuthenticated) return <SignInFirst text={signInText} />;
  return (
    <>
      {beforeJoin}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div>
        <Button loading={busy} onClick={() => void join()}>
          {t('join.button')}
        </Button>
      </div>
    </>
  );
}
