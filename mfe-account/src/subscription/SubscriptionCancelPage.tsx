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
  useStrings,
  useSubscription,
  type SubscriptionStore,
  intlLocale,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import { failureMessage, HOW_TO_FIX, planName } from './failureMessages';
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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('failed.documentTitle'));
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
        <h1 className={styles.danger}>{t('failed.title')}</h1>
        {user?.name ? <p>{t('failed.sorry', { name: user.name })}</p> : null}
        <div>
          <h2>{t('failed.what')}</h2>
          <p>{failureMessage(t, errorCode)}</p>
        </div>
        <div>
          <h2>{t('failed.how')}</h2>
          <ul className={`${styles.list} ${styles.fixList}`}>
            {HOW_TO_FIX.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ul>
        </div>
        <dl className={styles.details} aria-label={t('failed.details')}>
          <dt>{t('details.plan')}</dt>
          <dd>{planName(plan)}</dd>
          {errorCode ? (
            <>
              <dt>{t('failed.code')}</dt>
              <dd>{errorCode}</dd>
            </>
          ) : null}
          {sessionId ? (
            <>
              <dt>{t('details.reference')}</dt>
              <dd>{sessionId}</dd>
            </>
          ) : null}
          <dt>{t('failed.time')}</dt>
          <dd>{timestamp.toLocaleString(intlLocale())}</dd>
        </dl>
        {retryFailed ? <Alert tone="danger">{t('plans.checkoutFailed')}</Alert> : null}
        <div className={styles.actions}>
          <Link to="/" className={buttonClassName('primary')}>
            {t('subscribed.dashboard')}
          </Link>
          {/* straight back into the hosted checkout, to try another card */}
          <Button variant="secondary" loading={retrying} onClick={() => void retry()}>
            {t('failed.tryAgain')}
          </Button>
        </div>
        {supportEmail || site.contactPhone ? (
          <div className={styles.support}>
            <span>{t('failed.help')}</span>
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
