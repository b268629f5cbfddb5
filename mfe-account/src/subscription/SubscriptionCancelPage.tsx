import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Button,
  buttonClassName,
  Card,
  subscription,
  useDocumentTitle,
  useSession,
  useSiteConfig,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { failureMessage, HOW_TO_FIX, planName } from './failureMessages';
import { CHECKOUT_FAILED_MESSAGE } from './PlansPage';
import styles from './Subscription.module.css';

/** Router state of /subscription after the person left the checkout without paying. */
export const CHECKOUT_LEFT_STATE = { checkout: 'left' } as const;

/**
 * Back from the checkout. With an `error` the payment failed: what happened, how to fix it, and who to ask.
 * Without one the person chose to go back ("Back to the shop"), which is not a failure: the plans page again,
 * with a neutral note.
 */
export function SubscriptionCancelPage({ store = subscription }: { store?: SubscriptionStore }) {
  const [params] = useSearchParams();
  return params.get('error') ? (
    <FailurePage store={store} params={params} />
  ) : (
    <Navigate to="/subscription" replace state={CHECKOUT_LEFT_STATE} />
  );
}

function FailurePage({ store, params }: { store: SubscriptionStore; params: URLSearchParams }) {
  useDocumentTitle('Subscription Failed');
  const sessionId = params.get('session_id');
  const errorCode = params.get('error');
  const plan = params.get('plan') || 'premium';
  const { user, isLoading: sessionLoading } = useSession();
  const { refresh, startCheckout } = useSubscription(store);
  const [retrying, setRetrying] = useState(false);
  const [retryFailed, setRetryFailed] = useState(false);
  const retry = async () => {
    setRetrying(true);
    setRetryFailed(false);
    try {
      await startCheckout();
      // the browser is leaving for the checkout; the button stays busy until it does
    } catch {
      setRetryFailed(true);
      setRetrying(false);
    }
  };
  const site = useSiteConfig();
  const [timestamp] = useState(() => new Date());
  const supportEmail = site.supportEmail || site.contactEmail;
  const userKey = user ? (user._id ?? user.id ?? user.email) : null;

  // Returning from payment refreshes the status (spec section 4), whatever the outcome.
  useEffect(() => {
    if (!sessionLoading && userKey) void refresh();
  }, [sessionLoading, userKey, refresh]);

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.danger}>Subscription Failed</h1>
        {user?.name ? <p>Sorry, {user.name}, we couldn't complete your subscription.</p> : null}
        <div>
          <h2>What happened?</h2>
          <p>{failureMessage(errorCode)}</p>
        </div>
        <div>
          <h2>How to fix this</h2>
          <ul className={`${styles.list} ${styles.fixList}`}>
            {HOW_TO_FIX.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
        <dl className={styles.details} aria-label="Failure details">
          <dt>Plan</dt>
          <dd>{planName(plan)}</dd>
          {errorCode ? (
            <>
              <dt>Error code</dt>
              <dd>{errorCode}</dd>
            </>
          ) : null}
          {sessionId ? (
            <>
              <dt>Reference</dt>
              <dd>{sessionId}</dd>
            </>
          ) : null}
          <dt>Time</dt>
          <dd>{timestamp.toLocaleString('en-US')}</dd>
        </dl>
        {retryFailed ? <Alert tone="danger">{CHECKOUT_FAILED_MESSAGE}</Alert> : null}
        <div className={styles.actions}>
          <Link to="/" className={buttonClassName('primary')}>
            Go to Dashboard
          </Link>
          {/* straight back into the hosted checkout, to try another card */}
          <Button variant="secondary" loading={retrying} onClick={() => void retry()}>
            Try Again
          </Button>
        </div>
        {supportEmail || site.contactPhone ? (
          <div className={styles.support}>
            <span>Need help? Contact support:</span>
            {supportEmail ? <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : null}
            {site.contactPhone ? (
              <a href={`tel:${site.contactPhone.replace(/[^\d+]/g, '')}`}>{site.contactPhone}</a>
            ) : null}
          </div>
        ) : null}
      </Card>
    </section>
  );
}

export default SubscriptionCancelPage;
