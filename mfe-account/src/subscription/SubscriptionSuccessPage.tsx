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
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { planName, SUCCESS_BENEFITS } from './failureMessages';
import styles from './Subscription.module.css';

/**
 * Back from a paid checkout: the session id is confirmed with the server (which asks the provider), so
 * the plan is active before any webhook arrives.
 */
export function SubscriptionSuccessPage({ store = subscription }: { store?: SubscriptionStore }) {
  useDocumentTitle('Subscription Activated');
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

  if (confirming) return <Spinner message="Confirming your subscription..." />;
  // A free trial ended at once, before anything was charged: this card already had one on another account.
  if (sessionId && status === 'canceled') return <TrialRefused />;

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.success}>Subscription Activated Successfully</h1>
        <p>
          Welcome to {planName(plan)}, <strong>{user?.name ?? 'there'}</strong>!
        </p>
        {sessionId && !hasSubscription ? (
          <Alert tone="info">
            Your payment is still being confirmed. Your access will appear in a moment.
          </Alert>
        ) : null}
        <div>
          <h2>You now have access to</h2>
          <ul className={styles.list}>
            {SUCCESS_BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </div>
        <dl className={styles.details} aria-label="Subscription details">
          <dt>Plan</dt>
          <dd>{planName(plan)}</dd>
          {sessionId ? (
            <>
              <dt>Reference</dt>
              <dd>{sessionId}</dd>
            </>
          ) : null}
          <dt>Activated</dt>
          <dd>{formatDate(activatedAt, 'long')}</dd>
        </dl>
        <div className={styles.actions}>
          <Link to="/browse" className={buttonClassName('primary')}>
            Start Learning Now
          </Link>
          <Link to="/" className={buttonClassName('secondary')}>
            Go to Dashboard
          </Link>
        </div>
      </Card>
    </section>
  );
}

export default SubscriptionSuccessPage;

function TrialRefused() {
  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1>No free trial with this card</h1>
        <p>This card has already had a free trial, so no trial was started and nothing was charged.</p>
        <div className={styles.actions}>
          <Link to="/subscription" className={buttonClassName('primary')}>
            Choose your plan
          </Link>
        </div>
      </Card>
    </section>
  );
}
