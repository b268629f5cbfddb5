import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Alert,
  buttonClassName,
  Card,
  formatDate,
  Spinner,
  subscription,
  useDocumentTitle,
  useSession,
  useStrings,
  useSubscription,
  withPart,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import { planName, SUCCESS_BENEFITS } from './failureMessages';
import styles from './Subscription.module.css';

/**
 * Back from a paid checkout: the session id is confirmed with the server (which asks the provider), so
 * the plan is active before any webhook arrives.
 */
export function SubscriptionSuccessPage({ store = subscription }: { store?: SubscriptionStore }) {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('success.documentTitle'));
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const plan = params.get('plan') || 'premium';
  const { user, isLoading: sessionLoading } = useSession();
  const { hasSubscription, status, refresh } = useSubscription(store);
  const [confirming, setConfirming] = useState(Boolean(sessionId));
  const [activatedAt] = useState(() => new Date());
  const userKey = user ? (user._id ?? user.id ?? user.email) : null;

  // The page is a fresh load after the provider: it waits for the session; without a person nothing is confirmed.
  if (confirming && !sessionLoading && !userKey) setConfirming(false);

  useEffect(() => {
    if (sessionLoading || !userKey) return;
    let live = true;
    void refresh({ sessionId }).finally(() => {
      if (live) setConfirming(false);
    });
    return () => {
      live = false;
    };
  }, [sessionId, sessionLoading, userKey, refresh]);

  if (confirming) return <Spinner message={t('success.confirming')} />;
  // A free trial ended at once, before anything was charged: this card already had one on another account.
  if (sessionId && status === 'canceled') return <TrialRefused />;

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.success}>{t('success.title')}</h1>
        <p>
          {withPart(
            t('success.welcome', { plan: planName(plan) }),
            'name',
            <strong>{user?.name ?? t('success.there')}</strong>,
          )}
        </p>
        {sessionId && !hasSubscription ? <Alert tone="info">{t('success.pending')}</Alert> : null}
        <div>
          <h2>{t('success.access')}</h2>
          <ul className={styles.list}>
            {SUCCESS_BENEFITS.map((benefit) => (
              <li key={benefit}>{t(benefit)}</li>
            ))}
          </ul>
        </div>
        <dl className={styles.details} aria-label={t('success.details')}>
          <dt>{t('details.plan')}</dt>
          <dd>{planName(plan)}</dd>
          {sessionId ? (
            <>
              <dt>{t('details.reference')}</dt>
              <dd>{sessionId}</dd>
            </>
          ) : null}
          <dt>{t('success.activated')}</dt>
          <dd>{formatDate(activatedAt, 'long')}</dd>
        </dl>
        <div className={styles.actions}>
          <Link to="/browse" className={buttonClassName('primary')}>
            {t('success.start')}
          </Link>
          <Link to="/" className={buttonClassName('secondary')}>
            {t('subscribed.dashboard')}
          </Link>
        </div>
      </Card>
    </section>
  );
}

export default SubscriptionSuccessPage;

function TrialRefused() {
  const t = useStrings(accountStrings);
  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1>{t('trial.refusedTitle')}</h1>
        <p>{t('trial.refused')}</p>
        <div className={styles.actions}>
          <Link to="/subscription" className={buttonClassName('primary')}>
            {t('trial.choose')}
          </Link>
        </div>
      </Card>
    </section>
  );
}
